<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

/**
 * How busy the machine was over a stretch of time, as shares of its capacity (wall time × cores):
 * time stolen by the hypervisor, CPU used by processes other than the benchmark's servers and load
 * tool, and CPU the load tool used. Each is null where it was not measured.
 */
final class MachineLoad
{
    /** @param array{float, float, float}|null $loadAverage the 1, 5 and 15 minute load averages at its end */
    public function __construct(
        public readonly ?array $loadAverage,
        public readonly ?float $stealShare,
        public readonly ?float $otherShare,
        public readonly ?float $toolShare = null,
    ) {
    }

    /** Over the runs: shares of their summed capacity, the load average after the last one. */
    public static function over(RunConditions ...$runs): ?self
    {
        if ([] === $runs) {
            return null;
        }
        $capacity = $steal = $other = $tool = 0.0;
        $otherKnown = $toolKnown = true;
        foreach ($runs as $run) {
            $capacity += $run->capacitySeconds();
            $steal += $run->stealSeconds;
            $runOther = $run->otherSeconds();
            $otherKnown = $otherKnown && null !== $runOther;
            $other += $runOther ?? 0.0;
            $toolKnown = $toolKnown && null !== $run->toolCpuSeconds;
            $tool += $run->toolCpuSeconds ?? 0.0;
        }

        return new self(
            null,
            $capacity > 0 ? $steal / $capacity : null,
            $capacity > 0 && $otherKnown ? $other / $capacity : null,
            $capacity > 0 && $toolKnown ? $tool / $capacity : null,
        );
    }

    /** @param array{float, float, float}|null $loadAverage */
    public function withLoadAverage(?array $loadAverage): self
    {
        return new self($loadAverage, $this->stealShare, $this->otherShare, $this->toolShare);
    }
}
