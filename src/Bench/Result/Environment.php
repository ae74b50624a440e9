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
        return Schedule::Together === $this->roundPlan->schedule;
    }

    /**
     * @param string       $workers         the PHP workers in words, as the report shows them
     * @param list<string> $urls
     * @param string|null  $workerPlacement how the PHP workers were spread over the cores (together);
     *                                      null when left to the kernel
     */
    public function __construct(
        public readonly PhpSetup $phpSetup,
        public readonly Machine $machine,
        public readonly string $workers,
        public readonly LoadTool $loadTool,
        public readonly RoundPlan $roundPlan,
        public readonly array $urls,
        public readonly ?string $project = null,
        public readonly ?string $note = null,
        public readonly ?string $workerPlacement = null,
    ) {
    }
}
