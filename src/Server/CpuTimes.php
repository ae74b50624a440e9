<?php

declare(strict_types=1);

namespace Preheat\Server;

/** The machine's CPU time since boot, summed over all cores, in seconds: what two readings subtract. */
final class CpuTimes
{
    /**
     * @param float $busy  user, nice, system, irq and softirq: every process of the machine at work
     * @param float $idle  idle and iowait
     * @param float $steal time the hypervisor gave our virtual CPUs' turn to other machines
     */
    public function __construct(
        public readonly float $busy,
        public readonly float $idle,
        public readonly float $steal,
    ) {
    }

    public function total(): float
    {
        return $this->busy + $this->idle + $this->steal;
    }

    /** What happened between an earlier reading and this one. */
    public function since(self $earlier): self
    {
        return new self(
            max(0.0, $this->busy - $earlier->busy),
            max(0.0, $this->idle - $earlier->idle),
            max(0.0, $this->steal - $earlier->steal),
        );
    }
}
