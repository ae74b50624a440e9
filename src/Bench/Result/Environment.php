<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

use Preheat\Bench\Load\Schedule;

/**
 * What a benchmark ran on and how: PHP and its ini, OPcache's settings as the workers report them, the
 * machine, the load tool, rounds and pages. What a run always knows is required; the project, the ini
 * and the note are left out of the report when not known.
 */
final class Environment
{
    public const NOTE = 'The load tool runs on the same cores as php-fpm; it is the same for every scenario.';

    /** Whether every scenario of a round was loaded at the same time, each sharing the machine with the others. */
    public function together(): bool
    {
        return Schedule::Together === $this->schedule;
    }

    /**
     * @param list<string>     $urls
     * @param string|null      $phpIni          how the php.ini was found; the user goes with it
     * @param string|null      $user            the user the workers run as, as they report it
     * @param MachineLoad|null $before          when the bench started: load average, and steal until the
     *                                          first measured run
     * @param MachineLoad|null $during          over the measured runs: steal, other processes, the load
     *                                          tool; load average after the last
     * @param string|null      $cpuModel        as /proc/cpuinfo names it
     * @param string|null      $governor        cpu0's frequency governor, where the system exposes one
     * @param Schedule         $schedule        together (every scenario of a round loaded at the same time)
     *                                          or turns (one after another)
     * @param string|null      $workerPlacement how the PHP workers were spread over the cores (together);
     *                                          null when left to the kernel
     * @param int              $restartEvery    rounds between restarts of every server (0: never)
     */
    public function __construct(
        public readonly string $php,
        public readonly OpcacheSettings $opcache,
        public readonly int $cores,
        public readonly string $workers,
        public readonly string $tool,
        public readonly string $toolSettings,
        public readonly int $rounds,
        public readonly float $duration,
        public readonly float $warmup,
        public readonly array $urls,
        public readonly ?string $project = null,
        public readonly ?string $phpIni = null,
        public readonly ?string $user = null,
        public readonly ?string $note = null,
        public readonly ?MachineLoad $before = null,
        public readonly ?MachineLoad $during = null,
        public readonly ?string $cpuModel = null,
        public readonly ?string $governor = null,
        public readonly Schedule $schedule = Schedule::Turns,
        public readonly ?string $workerPlacement = null,
        public readonly int $restartEvery = 0,
    ) {
    }
}
