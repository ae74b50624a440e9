<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\Server\MachineCpu;
use Preheat\Tests\Support\FakeProcDirectory;

/** The machine's CPU time, load average, model and governor, read from directories laid out like /proc and /sys. */
final class MachineCpuTest extends TestCase
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

    public function testTimesSplitIntoBusyIdleAndSteal(): void
    {
        // user nice system idle iowait irq softirq steal guest guest_nice
        $this->proc->write('proc/stat', "cpu  1000 20 300 5000 100 10 40 250 400 0\ncpu0 500 10 150 2500 50 5 20 125 200 0\nintr 1 2 3\n");
        $times = (new MachineCpu($this->proc->path.'/proc', $this->proc->path.'/sys'))->times();

        self::assertNotNull($times);
        self::assertEqualsWithDelta(13.70, $times->busy, 1e-9, 'user, nice, system, irq, softirq: guest time is inside user already');
        self::assertEqualsWithDelta(51.00, $times->idle, 1e-9);
        self::assertEqualsWithDelta(2.50, $times->steal, 1e-9);
    }

    public function testTwoReadingsSubtract(): void
    {
        $machine = new MachineCpu($this->proc->path.'/proc', $this->proc->path.'/sys');
        $this->proc->write('proc/stat', "cpu  1000 0 300 5000 0 0 0 250 0 0\n");
        $before = $machine->times();
        $this->proc->write('proc/stat', "cpu  1150 0 330 5100 0 0 0 270 0 0\n");
        $delta = $machine->times()?->since($before ?? throw new \LogicException());

        self::assertEqualsWithDelta(1.80, (float) $delta?->busy, 1e-9);
        self::assertEqualsWithDelta(0.20, (float) $delta?->steal, 1e-9);
        self::assertEqualsWithDelta(3.00, (float) $delta?->total(), 1e-9);
    }

    public function testLoadAverageModelAndGovernor(): void
    {
        $this->proc->write('proc/loadavg', "2.38 1.50 1.80 5/106 11072\n");
        $this->proc->write('proc/cpuinfo', "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13\n");
        $this->proc->write('sys/devices/system/cpu/cpu0/cpufreq/scaling_governor', "performance\n");
        $machine = new MachineCpu($this->proc->path.'/proc', $this->proc->path.'/sys');

        self::assertSame([2.38, 1.5, 1.8], $machine->loadAverage());
        self::assertSame('AMD EPYC 7B13', $machine->model());
        self::assertSame('performance', $machine->governor());
    }

    public function testWhatTheSystemDoesNotSayIsNull(): void
    {
        $machine = new MachineCpu($this->proc->path.'/proc', $this->proc->path.'/sys');

        self::assertNull($machine->times());
        self::assertNull($machine->loadAverage());
        self::assertNull($machine->model());
        self::assertNull($machine->governor(), 'most virtual machines expose no governor');
    }
}
