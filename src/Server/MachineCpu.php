<?php

declare(strict_types=1);

namespace Preheat\Server;

/**
 * The whole machine's CPU from /proc and /sys: time spent per state since boot, the load average, the
 * CPU model and frequency governor. What tells a quiet machine from a busy one around a measured run.
 * The roots are parameters, so tests read directories laid out like them.
 */
final class MachineCpu
{
    public function __construct(
        private readonly string $proc = '/proc',
        private readonly string $sys = '/sys',
    ) {
    }

    /** null when /proc/stat cannot be read (not Linux). */
    public function times(): ?CpuTimes
    {
        $stat = @file_get_contents($this->proc.'/stat');
        if (false === $stat || !preg_match('/^cpu\s+(\d+(?:\s+\d+)*)/m', $stat, $match)) {
            return null;
        }
        $ticks = array_map('intval', preg_split('/\s+/', trim($match[1])) ?: []);
        $at = static fn (int $i): float => ($ticks[$i] ?? 0) / ProcessCpu::TICKS_PER_SECOND;

        // user nice system idle iowait irq softirq steal (guest and guest_nice are inside user and nice).
        return new CpuTimes(
            $at(0) + $at(1) + $at(2) + $at(5) + $at(6),
            $at(3) + $at(4),
            $at(7),
        );
    }

    /** @return array{float, float, float}|null the 1, 5 and 15 minute load averages */
    public function loadAverage(): ?array
    {
        $loadavg = @file_get_contents($this->proc.'/loadavg');
        if (false === $loadavg || !preg_match('/^([\d.]+) ([\d.]+) ([\d.]+)/', $loadavg, $match)) {
            return null;
        }

        return [(float) $match[1], (float) $match[2], (float) $match[3]];
    }

    public function model(): ?string
    {
        $cpuinfo = @file_get_contents($this->proc.'/cpuinfo');
        if (false === $cpuinfo || !preg_match(
            '/^(?:model name|Model|Hardware|cpu model)\s*:\s*(.+)$/m',
            $cpuinfo,
            $match,
        )) {
            return null;
        }

        return trim($match[1]);
    }

    /**
     * cpu0's frequency governor (performance, powersave, schedutil, ...); null where the system does not expose one
     * (most VMs).
     */
    public function governor(): ?string
    {
        $governor = @file_get_contents($this->sys.'/devices/system/cpu/cpu0/cpufreq/scaling_governor');

        return false === $governor || '' === trim($governor) ? null : trim($governor);
    }
}
