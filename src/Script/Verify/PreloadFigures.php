<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

/** What the boot preloaded, by OPcache's count, and the memory it took. */
final class PreloadFigures
{
    public function __construct(
        public readonly int $scripts,
        public readonly int $classes,
        public readonly int $functions,
        /** OPcache memory the preload took */
        public readonly int $memoryBytes,
        public readonly int $opcacheUsedBytes,
        /** opcache.memory_consumption as the boot had it */
        public readonly int $opcacheMemoryBytes,
        /** The preload phase's peak memory; null when not measured (the C library's allocator) */
        public readonly ?int $peakMemoryBytes = null,
        /** The script lifted memory_limit for the preload (requests keep php.ini's value) */
        public readonly bool $memoryLimitLifted = false,
    ) {
    }
}
