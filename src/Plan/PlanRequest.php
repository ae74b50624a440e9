<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * What `generate` and `explain` scan, from the command line, validated. What to leave out of the plan
 * (ignore patterns, dev packages) is the planner's: PlanOptions.
 */
final class PlanRequest
{
    /**
     * @param list<string> $paths       roots to scan as given (relative to the project root); empty for the defaults
     * @param string|null  $cacheFile   null disables the inventory cache
     * @param list<string> $includeDirs directories the default scan skips that the user wants scanned (--include-dir)
     */
    public function __construct(
        public readonly string $projectRoot,
        public readonly array $paths = [],
        public readonly ?string $cacheFile = null,
        public readonly ?string $phpBinary = null,
        public readonly array $includeDirs = [],
    ) {
    }
}
