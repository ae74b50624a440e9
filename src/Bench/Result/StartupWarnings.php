<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

/**
 * The warnings a scenario's server logged while it started (the preload's among them: "Can't preload
 * unlinked class ..."), counted as they were printed (a warning printed twice counts twice). Counted, not
 * fixed: a reference script (naive, a given one) runs as users run it.
 */
final class StartupWarnings
{
    /** How many of the warnings a report quotes. */
    public const EXAMPLES = 3;

    /**
     * @param int          $count          every warning logged at start-up
     * @param int          $refusedClasses classes OPcache refused to preload ("Can't preload unlinked class",
     *                                     "... already declared class")
     * @param list<string> $examples       the first few, first line of each
     */
    public function __construct(
        public readonly int $count,
        public readonly int $refusedClasses = 0,
        public readonly array $examples = [],
    ) {
        if ($count < 0 || $refusedClasses < 0) {
            throw new \InvalidArgumentException('A count of warnings cannot be negative.');
        }
    }
}
