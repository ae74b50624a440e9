<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Load;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\LoadRun;
use Preheat\Bench\Load\LoadRuns;
use Preheat\Process\ProcessFailed;
use Preheat\Tests\Support\FakeLoadGenerator;
use Preheat\Tests\Support\FakeLoadRun;

final class LoadRunsTest extends TestCase
{
    public function testWaitsForEveryRunAndKeepsTheirOrderWhateverOrderTheyEndIn(): void
    {
        $slow = new FakeLoadRun(3, FakeLoadGenerator::result(100.0, 1.0));
        $fast = new FakeLoadRun(0, FakeLoadGenerator::result(200.0, 1.0));

        $results = LoadRuns::wait(['none' => $slow, 'all' => $fast]);

        self::assertSame(['none', 'all'], array_keys($results));
        self::assertSame(100, $results['none']->requests);
        self::assertSame(200, $results['all']->requests);
        self::assertSame(1, $fast->polls, 'a run that has ended is not polled again');
        self::assertSame(4, $slow->polls);
        self::assertSame(0, $slow->aborts + $fast->aborts);
    }

    public function testARunThatFailsStopsTheOthersStillRunningAndTheFailureGoesUp(): void
    {
        $done = new FakeLoadRun(0, FakeLoadGenerator::result(100.0, 1.0));
        $failing = new FakeLoadRun(1, ProcessFailed::timedOut(['wrk'], 33.0));
        $running = new FakeLoadRun(100, FakeLoadGenerator::result(100.0, 1.0));

        try {
            LoadRuns::wait(['a' => $done, 'b' => $failing, 'c' => $running]);
            self::fail('the failure goes up');
        } catch (ProcessFailed $failure) {
            self::assertStringContainsString('did not finish within 33 s', $failure->getMessage());
        }
        self::assertSame(0, $done->aborts, 'it had ended');
        self::assertSame(1, $running->aborts);
    }

    public function testARunThatCannotStartStopsThoseAlreadyStartedAndNoneAfterIsStarted(): void
    {
        $first = new FakeLoadRun(5, FakeLoadGenerator::result(100.0, 1.0));
        $thirdStarted = false;

        try {
            LoadRuns::startAll([
                'a' => static fn (): LoadRun => $first,
                'b' => static fn (): LoadRun => throw ProcessFailed::cannotStart(['wrk'], 'no such file'),
                'c' => static function () use (&$thirdStarted): LoadRun {
                    $thirdStarted = true;

                    return new FakeLoadRun(0, FakeLoadGenerator::result(1.0, 1.0));
                },
            ]);
            self::fail('the failure goes up');
        } catch (ProcessFailed) {
        }
        self::assertSame(1, $first->aborts);
        self::assertFalse($thirdStarted);
    }
}
