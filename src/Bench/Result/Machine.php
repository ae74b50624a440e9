<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

/** The machine a benchmark ran on, and how busy it was before and during the measured runs. */
final class Machine
{
    /**
     * @param string|null      $cpuModel as /proc/cpuinfo names it
     * @param string|null      $governor cpu0's frequency governor, where the system exposes one
     * @param MachineLoad|null $before   when the bench started: load average, and steal until the first measured run
     * @param MachineLoad|null $during   over the measured runs: steal, other processes, the load tool; load average
     *                                   after the last
     */
    public function __construct(
        public readonly int $cores,
        public readonly ?string $cpuModel = null,
        public readonly ?string $governor = null,
        public readonly ?MachineLoad $before = null,
        public readonly ?MachineLoad $during = null,
    ) {
    }
}
