<?php

declare(strict_types=1);

namespace Preheat\Php;

/** What OPcache preloaded, by its own count: the memory it took, the files, classes and functions. */
final class OpcachePreload
{
    /** @param list<string> $scripts the files OPcache preloaded */
    public function __construct(
        public readonly int $memoryBytes = 0,
        public readonly array $scripts = [],
        public readonly int $classes = 0,
        public readonly int $functions = 0,
    ) {
    }
}
