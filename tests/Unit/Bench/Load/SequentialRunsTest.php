<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Load;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\Latency;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\LoadRun;
use Preheat\Bench\Load\RequestFailures;
use Preheat\Bench\Load\SequentialRuns;
use Preheat\Tests\Support\FakeLoadRun;

final class SequentialRunsTest extends TestCase
{
    public function testEachRunStartsOnceTheOneBeforeHasEndedAndTheyAddUpAsOne(): void
    {
        $started = [];
        $runs = new SequentialRuns([
            static function () use (&$started): LoadRun {
                $started[] = '/';

                return new FakeLoadRun(1, self::pageRun(100, 1.0, 10.0));
            },
            static function () use (&$started): LoadRun {
                $started[] = '/posts';

                return new FakeLoadRun(0, self::pageRun(300, 1.0, 20.0));
            },
        ]);

        self::assertNull($runs->poll());
        self::assertSame(['/'], $started, 'the second page waits for the first');
        $result = $runs->poll();

        self::assertSame(['/', '/posts'], $started);
        self::assertNotNull($result);
        self::assertSame(400, $result->requests);
        self::assertSame(2.0, $result->seconds);
        self::assertSame(17.5, $result->latency->meanMs, 'weighted by requests');
        self::assertSame($result, $runs->poll(), 'polled again, the same result');
    }

    public function testAbortStopsTheRunningOneAndStartsNoOther(): void
    {
        $first = new FakeLoadRun(10, self::pageRun(1, 1.0, 1.0));
        $secondStarted = false;
        $runs = new SequentialRuns([
            static fn (): LoadRun => $first,
            static function () use (&$secondStarted): LoadRun {
                $secondStarted = true;

                return new FakeLoadRun(0, self::pageRun(1, 1.0, 1.0));
            },
        ]);
        $runs->poll();

        $runs->abort();

        self::assertSame(1, $first->aborts);
        self::assertFalse($secondStarted);
    }

    private static function pageRun(int $requests, float $seconds, float $latency): LoadResult
    {
        return new LoadResult(
            tool: 'ab',
            requests: $requests,
            seconds: $seconds,
            latency: new Latency(meanMs: $latency, p50Ms: $latency, p90Ms: $latency, p99Ms: $latency),
            failures: new RequestFailures(),
            toolCpuSeconds: 0.1,
            concurrency: 4,
        );
    }
}
