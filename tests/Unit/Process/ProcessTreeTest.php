<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Process;

use PHPUnit\Framework\TestCase;
use Preheat\Process\ProcessTree;
use Preheat\Tests\Support\TemporaryDirectory;

/** The process tree read from a directory laid out like /proc: one pass answers every question of a look. */
final class ProcessTreeTest extends TestCase
{
    private TemporaryDirectory $proc;

    protected function setUp(): void
    {
        $this->proc = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->proc->remove();
    }

    public function testASnapshotAnswersSessionsDescendantsAndStartTimesFromOnePass(): void
    {
        // 100 leads session 100 and started 100 (a worker) and 102; 101 is a zombie whose child 103 left
        // the session; 104 belongs to no one of these.
        $this->process(100, 'S', 1, 100, 5000);
        $this->process(101, 'Z', 100, 100, 5001);
        $this->process(102, 'S', 100, 100, 5002);
        $this->process(103, 'S', 101, 103, 5003);
        $this->process(104, 'S', 1, 104, 5004);
        file_put_contents($this->proc->path.'/self', 'not a process');
        $tree = new ProcessTree($this->proc->path);

        $now = $tree->snapshot();

        self::assertSame(1, $tree->scans());
        self::assertSame([100, 102], $now->session(100), 'a zombie is no member: it runs nothing');
        self::assertSame([102, 103], $this->sorted($now->descendantsOf([100])), 'also through the zombie');
        self::assertSame(5002, $now->startTime(102));
        self::assertNull($now->startTime(101), 'a zombie has ended');
        self::assertSame(5001, $now->startTimeOfAny(101), 'but holds its PID until it is reaped');
        self::assertNull($now->startTimeOfAny(105));
        self::assertSame(1, $tree->scans(), 'the questions read nothing more');

        self::assertSame([102, 103], $this->sorted($tree->descendants(100)));
        self::assertSame([100, 102], $tree->session(100));
        self::assertSame(3, $tree->scans(), 'a question asked of the tree itself reads it again');
        self::assertFalse($tree->isAlive(101));
        self::assertTrue($tree->isAlive(103));
        self::assertSame(103, $tree->sessionOf(103));
        self::assertNull($tree->sessionOf(101));
        self::assertSame(5001, $tree->startTimeOfAny(101));
        self::assertSame(3, $tree->scans(), 'a question about one PID reads its stat only');
    }

    private function process(int $pid, string $state, int $ppid, int $sid, int $start): void
    {
        self::writeStat($this->proc->path, $pid, $state, $ppid, $sid, $start);
    }

    /** A /proc/PID/stat line: the command name with a space and a parenthesis, fields 3 to 22 after it. */
    public static function writeStat(string $proc, int $pid, string $state, int $ppid, int $sid, int $start): void
    {
        @mkdir($proc.'/'.$pid);
        file_put_contents(
            $proc.'/'.$pid.'/stat',
            \sprintf("%d (php (worker)) %s %d %d %d 0 -1 4194304 0 0 0 0 1 2 0 0 20 0 1 0 %d 0 0\n", $pid, $state, $ppid, $sid, $sid, $start),
        );
    }

    /**
     * @param list<int> $pids
     *
     * @return list<int>
     */
    private function sorted(array $pids): array
    {
        sort($pids);

        return $pids;
    }
}
