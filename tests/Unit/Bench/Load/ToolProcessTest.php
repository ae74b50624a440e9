<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Load;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\ToolProcess;
use Preheat\Process\ProcessFailed;
use Preheat\Tests\Support\FakeProcessRunner;

final class ToolProcessTest extends TestCase
{
    public function testPolledItSaysNothingWhileTheToolRunsThenHowItEnded(): void
    {
        $runner = new FakeProcessRunner();
        $tool = ToolProcess::start($runner, ['wrk', '-d', '2s', 'http://127.0.0.1:8080/'], 60.0);

        self::assertNull($tool->poll());
        $runner->started[0]->end(0, "Running 2s test\n");
        $result = $tool->poll();

        self::assertNotNull($result);
        self::assertSame(['wrk', '-d', '2s', 'http://127.0.0.1:8080/'], $result->command);
        self::assertSame(0, $result->exitCode);
        self::assertSame("Running 2s test\n", $result->stdout);
        self::assertSame($result, $tool->poll());
        self::assertGreaterThanOrEqual(0.0, $tool->cpuSeconds());
    }

    public function testAToolOverItsTimeLimitIsStoppedAndTheErrorNamesTheCommand(): void
    {
        $runner = new FakeProcessRunner();
        $tool = ToolProcess::start($runner, ['wrk', 'http://127.0.0.1:8080/'], 0.0);

        try {
            $tool->poll();
            self::fail('it overran');
        } catch (ProcessFailed $failure) {
            self::assertSame('`wrk http://127.0.0.1:8080/` did not finish within 0 s and was stopped.', $failure->getMessage());
        }
        self::assertSame(1, $runner->started[0]->stops);
    }

    public function testAToolTheShellCouldNotFindSaysSo(): void
    {
        $runner = new FakeProcessRunner(errorOutput: 'sh: wrk: not found');
        $tool = ToolProcess::start($runner, ['wrk'], 60.0);
        $runner->started[0]->end(127);

        $this->expectException(ProcessFailed::class);
        $this->expectExceptionMessage('Cannot run `wrk`: sh: wrk: not found.');
        $tool->poll();
    }
}
