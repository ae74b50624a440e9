<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Process;

use PHPUnit\Framework\TestCase;
use Preheat\Process\ProcessTree;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Process\SymfonyRunningProcess;
use Preheat\Process\TreeStop;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * What stopping a program costs and what it still finds: a program that ended and left nothing behind costs one
 * pass over /proc (generate runs several, and each pass reads every process's stat); one that left a process
 * running has it stopped.
 */
final class TreeStopTest extends TestCase
{
    /** Above the largest PID Linux can give (2^22): a signal to one reaches no process. */
    private const FAKE = 4_500_000;

    private ?TemporaryDirectory $proc = null;

    protected function tearDown(): void
    {
        $this->proc?->remove();
    }

    public function testAProgramThatEndedAndLeftNothingCostsOnePassOverProc(): void
    {
        $tree = new ProcessTree();
        $runner = new SymfonyProcessRunner($tree);

        self::assertSame(0, $runner->run(['true'])->exitCode);
        self::assertSame(1, $tree->scans(), 'run: one look finds nothing of it alive, and nothing is left to fork');

        $running = $runner->start(['true']);
        $deadline = microtime(true) + 10;
        while ($running->isRunning() && microtime(true) < $deadline) {
            usleep(5_000);
        }
        $running->stop(1.0);
        self::assertSame(2, $tree->scans(), 'start, ended by itself, stop: one look more');
    }

    public function testWhatAProgramLeftRunningIsStillStopped(): void
    {
        $tree = new ProcessTree();
        $result = (new SymfonyProcessRunner($tree))->run(['sh', '-c', 'sleep 30 </dev/null >/dev/null 2>&1 & echo $!']);
        $sleep = (int) trim($result->stdout);

        self::assertGreaterThan(0, $sleep);
        self::assertFalse($tree->isAlive($sleep), 'the sleep left in the session is stopped');
        self::assertGreaterThan(1, $tree->scans(), 'and a second look made sure');
    }

    public function testWhatAProgramThatEndedBeforeItsPidWasAskedLeftRunningIsStillStopped(): void
    {
        // A program that ends at once may be reaped by the start itself, before its PID is asked: Symfony then
        // says null. What it left running in its session is ours all the same.
        $process = new Process(['setsid', 'sh', '-c', 'sleep 30 </dev/null >/dev/null 2>&1 & echo $!']);
        $process->start();
        $process->wait();
        $sleep = (int) trim($process->getOutput());
        $tree = new ProcessTree();
        $started = $tree->startTime($sleep);
        self::assertNotNull($started, 'the sleep runs on after its parent ended');

        try {
            $running = new SymfonyRunningProcess($process, true, null, $tree);
            self::assertNull($running->pid(), 'it ended: no PID of a running program');
            $running->stop(1.0);

            self::assertFalse($tree->isAlive($sleep), 'what it left in its session is stopped');
        } finally {
            // Not left behind by a failure: the sleep, if it is still the process started.
            $tree->startTime($sleep) === $started ? posix_kill($sleep, \SIGKILL) : null;
        }
    }

    public function testASessionWhoseLeadersPidWasGivenToAnotherProgramIsNotOurs(): void
    {
        // Our leader started at tick 7 and was reaped; its PID now belongs to a program started at tick 9000
        // that leads a session of its own with a member. Neither is ours.
        $stranger = self::FAKE + 1;
        $this->fakeProcess($stranger, 'S', 1, $stranger, 9000);
        $this->fakeProcess($stranger + 1, 'S', $stranger, $stranger, 9001);
        $tree = new ProcessTree($this->fakeProc());

        $left = (new TreeStop($stranger, true, 7, $tree))->stop(0.0);

        self::assertSame([], $left);
        self::assertSame(1, $tree->scans(), 'nothing of ours was found, so nothing was signalled or waited for');
    }

    public function testTheChildOfALeaderThatEndedButIsNotReapedIsFoundAlsoOutsideTheSession(): void
    {
        // The leader (tick 7) is a zombie; its child left the session (setsid) and still names it as parent.
        $leader = self::FAKE + 1;
        $child = self::FAKE + 3;
        $this->fakeProcess($leader, 'Z', 1, $leader, 7);
        $this->fakeProcess($child, 'S', $leader, $child, 8);
        $tree = new ProcessTree($proc = $this->fakeProc());
        $reaps = 0;

        $left = (new TreeStop($leader, true, 7, $tree))->stop(1.0, static function () use (&$reaps, $proc, $child): void {
            // The child ends as the parent waits (in the fake, when first asked).
            ++$reaps;
            @unlink($proc.'/'.$child.'/stat');
        });

        self::assertSame([], $left);
        self::assertGreaterThanOrEqual(2, $reaps, 'the child was found and waited for (one reap at the end only when nothing was)');
        self::assertGreaterThanOrEqual(2, $tree->scans());
    }

    private function fakeProc(): string
    {
        return ($this->proc ??= new TemporaryDirectory())->path;
    }

    private function fakeProcess(int $pid, string $state, int $ppid, int $sid, int $start): void
    {
        ProcessTreeTest::writeStat($this->fakeProc(), $pid, $state, $ppid, $sid, $start);
    }
}
