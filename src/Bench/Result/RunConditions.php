<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

/**
 * What the machine did while one run was measured, from /proc read right before and right after it:
 * how long it took, the CPU time stolen by the hypervisor, the CPU every process used, and how much of
 * that the scenario's server and the load tool account for. The rest is load from other processes.
 */
final class RunConditions
{
    /**
     * @param float      $wallSeconds      between the two readings
     * @param float      $busySeconds      every process of the machine, all cores (user, nice, system, irq, softirq)
     * @param float      $stealSeconds     given to other virtual machines, all cores
     * @param float|null $serverCpuSeconds the scenario's server (PHP and the web server in front); null where not known
     * @param float|null $toolCpuSeconds   the load tool; null where not known
     * @param float|null $loadAverage      the 1-minute load average right after the run
     * @param float      $neighbourSeconds the other scenarios' servers and load tools, loaded at the same time
     *                                     (schedule together)
     */
    public function __construct(
        public readonly float $wallSeconds,
        public readonly int $cores,
        public readonly float $busySeconds,
        public readonly float $stealSeconds,
        public readonly ?float $serverCpuSeconds,
        public readonly ?float $toolCpuSeconds,
        public readonly ?float $loadAverage,
        public readonly float $neighbourSeconds = 0.0,
    ) {
    }

    /**
     * The same run, loaded together with other scenarios whose servers and tools used this much CPU
     * meanwhile: not load from elsewhere.
     */
    public function besideNeighbours(float $seconds): self
    {
        return new self(
            $this->wallSeconds,
            $this->cores,
            $this->busySeconds,
            $this->stealSeconds,
            $this->serverCpuSeconds,
            $this->toolCpuSeconds,
            $this->loadAverage,
            $seconds,
        );
    }

    /** The machine's capacity over the run: wall time × cores. */
    public function capacitySeconds(): float
    {
        return $this->wallSeconds * max(1, $this->cores);
    }

    /**
     * CPU time of the processes that were neither the server nor the load tool nor the scenarios loaded
     * alongside (this command's own is small); null when either is not known.
     */
    public function otherSeconds(): ?float
    {
        return null === $this->serverCpuSeconds || null === $this->toolCpuSeconds
            ? null
            : max(0.0, $this->busySeconds - $this->serverCpuSeconds - $this->toolCpuSeconds - $this->neighbourSeconds);
    }
}
