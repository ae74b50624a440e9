<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\Server\ProcessCpu;
use Preheat\Tests\Support\FakeProcDirectory;

/** CPU time of a server's process tree, read from a directory laid out like /proc. */
final class ProcessCpuTest extends TestCase
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

    public function testAParentAndItsWorkersAddUpWithWhatReapedWorkersUsed(): void
    {
        // The master: 10 + 5 ticks of its own, 300 + 60 ticks of workers it already reaped (recycled ones).
        $this->proc->process(100, 1, 'php-fpm8.2', 10, 5, 300, 60, [101, 102]);
        $this->proc->process(101, 100, 'php-fpm8.2', 200, 40);
        $this->proc->process(102, 100, 'php-fpm8.2', 150, 30);

        self::assertEqualsWithDelta((10 + 5 + 300 + 60 + 200 + 40 + 150 + 30) / 100, (new ProcessCpu($this->proc->path))->treeSeconds(100), 1e-9);
    }

    public function testAWorkerRecycledBetweenTwoReadingsIsNotLost(): void
    {
        $cpu = new ProcessCpu($this->proc->path);
        $this->proc->process(100, 1, 'php-fpm8.2', 10, 5, 0, 0, [101, 102]);
        $this->proc->process(101, 100, 'php-fpm8.2', 200, 40);
        $this->proc->process(102, 100, 'php-fpm8.2', 150, 30);
        $before = $cpu->treeSeconds(100);

        // Worker 101 used 50 more ticks, exited and was reaped; 103 replaced it and used 20.
        $this->proc->process(100, 1, 'php-fpm8.2', 10, 5, 290, 0, [102, 103]);
        $this->proc->process(102, 100, 'php-fpm8.2', 150, 30);
        $this->proc->process(103, 100, 'php-fpm8.2', 20, 0);
        $after = $cpu->treeSeconds(100);

        self::assertNotNull($before);
        self::assertEqualsWithDelta(0.70, (float) $after - $before, 1e-9);
    }

    public function testALiveProcesssOwnTimeComesInNanosecondsFromItsThreadsSchedstat(): void
    {
        // stat says 15 ticks (0.15 s) for the master; its schedstat says 0.153456789 s. Reaped workers still count in ticks.
        $this->proc->process(100, 1, 'php-fpm8.2', 10, 5, 300, 60, [101]);
        $this->proc->schedstat(100, 100, 153_456_789);
        // A worker with two threads.
        $this->proc->process(101, 100, 'php-fpm8.2', 200, 40);
        $this->proc->schedstat(101, 101, 2_000_000_001);
        $this->proc->schedstat(101, 102, 400_000_000);

        self::assertEqualsWithDelta(0.153456789 + 3.60 + 2.400000001, (new ProcessCpu($this->proc->path))->treeSeconds(100), 1e-9);
    }

    public function testACommandNameWithSpacesAndParenthesesIsReadRight(): void
    {
        $this->proc->process(200, 1, 'apache2 (mod) x', 7, 3, 0, 0, [201]);
        $this->proc->process(201, 200, 'a) b (c', 40, 10);

        self::assertEqualsWithDelta(0.60, (new ProcessCpu($this->proc->path))->treeSeconds(200), 1e-9);
    }

    public function testWithoutChildrenFilesTheParentsAreReadFromEveryStatLine(): void
    {
        $this->proc->process(300, 1, 'php-fpm8.2', 1, 1, 0, 0, [], false);
        $this->proc->process(301, 300, 'php-fpm8.2', 10, 0, 0, 0, [], false);
        $this->proc->process(302, 300, 'php-fpm8.2', 20, 0, 0, 0, [], false);
        $this->proc->process(399, 1, 'other', 999, 0, 0, 0, [], false);
        $cpu = new ProcessCpu($this->proc->path);

        self::assertSame([301, 302], $cpu->children(300));
        self::assertEqualsWithDelta(0.32, $cpu->treeSeconds(300), 1e-9);
    }

    public function testAProcessThatIsGoneHasNoReading(): void
    {
        self::assertNull((new ProcessCpu($this->proc->path))->treeSeconds(12345));
    }

    public function testAChildGoneBetweenListingAndReadingCountsNothingRatherThanFailing(): void
    {
        $this->proc->process(400, 1, 'php-fpm8.2', 10, 0, 0, 0, [401]);

        self::assertEqualsWithDelta(0.10, (new ProcessCpu($this->proc->path))->treeSeconds(400), 1e-9);
    }

    public function testItReadsThisProcessFromTheRealProc(): void
    {
        if (!is_readable('/proc/self/stat')) {
            self::markTestSkipped('no /proc');
        }
        $seconds = (new ProcessCpu())->treeSeconds((int) getmypid());

        self::assertNotNull($seconds);
        self::assertGreaterThan(0.0, $seconds);
    }
}
