<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * Everything `generate` and `explain` need to plan, from the command line, validated.
 */
final class PlanRequest
{
    /**
     * @param list<string> $paths       roots to scan as given (relative to the project root); empty for the defaults
     * @param list<string> $ignore
     * @param string|null  $cacheFile   null disables the inventory cache
     * @param list<string> $includeDirs directories the default scan skips that the user wants scanned (--include-dir)
     */
    public function __construct(
        public readonly string $projectRoot,
        public readonly array $paths = [],
        public readonly array $ignore = [],
        public readonly bool $includeDev = false,
        public readonly ?string $cacheFile = null,
        public readonly ?string $phpBinary = null,
        public readonly array $includeDirs = [],
    ) {
    }

    /** @return list<IgnoreRule> */
    public function ignoreRules(): array
    {
        return array_map(IgnoreRule::parse(...), $this->ignore);
    }
}
