<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;
use Preheat\Server\WorkerPlacement;
use Preheat\Tests\Support\FakeProcDirectory;
use Preheat\Tests\Support\FakeProcessRunner;

final class WorkerPlacementTest extends TestCase
{
    private FakeProcDirectory $proc;

    protected function setUp(): void
    {
        $this->proc = new FakeProcDirectory();
    }

    protected function tearDown(): void
    {
        $this->proc->remove();
    }

    public function testEachWorkerByPidGoesToTheNextCoreAndOnlyThoseNotThereArePinned(): void
    {
        $this->allowed('self', '2-3');
        $this->allowed(100, '2');    // already on its core
        $this->allowed(200, '2-3');
        $this->allowed(300, '2,3');
        $runner = new FakeProcessRunner();

        // 400 is gone since it was listed: nothing to pin.
        $problem = (new WorkerPlacement($runner, $this->proc->path))->spread([300, 400, 100, 200]);

        self::assertNull($problem);
        self::assertSame([['taskset', '-pc', '3', '200'], ['taskset', '-pc', '2', '300']], $runner->ran);
    }

    public function testOnOneCoreThereIsNothingToSpread(): void
    {
        $this->allowed('self', '0');
        $this->allowed(100, '0');
        $runner = new FakeProcessRunner();

        self::assertNull((new WorkerPlacement($runner, $this->proc->path))->spread([100, 200]));
        self::assertSame([], $runner->ran);
    }

    public function testATasksetThatFailsOnALiveWorkerSaysWhy(): void
    {
        $this->allowed('self', '0-1');
        $this->allowed(100, '0-1');
        $runner = new class implements ProcessRunner {
            public function run(array $command, ?string $workingDirectory = null, float $timeoutSeconds = 300.0, ?array $environment = null): ProcessResult
            {
                return new ProcessResult($command, 1, '', "taskset: failed to set pid 100's affinity: Operation not permitted\n", 0.0);
            }

            public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
            {
                throw new \LogicException('not started here');
            }
        };

        self::assertSame(
            "`taskset -pc 0 100` exited with code 1: taskset: failed to set pid 100's affinity: Operation not permitted",
            (new WorkerPlacement($runner, $this->proc->path))->spread([100]),
        );
    }

    public function testCoreListsAreReadAsTheKernelWritesThem(): void
    {
        self::assertSame([0, 1, 2, 5, 7, 8], WorkerPlacement::parseList('0-2,5,7-8'));
        self::assertSame([3], WorkerPlacement::parseList('3'));
    }

    private function allowed(int|string $pid, string $list): void
    {
        $this->proc->write("$pid/status", "Name:\tphp-fpm8.2\nCpus_allowed:\t3\nCpus_allowed_list:\t$list\n");
    }
}
