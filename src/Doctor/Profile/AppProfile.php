<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

/**
 * What the app needs from OPcache: its PHP files, the shared memory and interned strings they take once
 * compiled (measured by compiling them, or estimated from their size), its autoloader and its preload.
 */
final class AppProfile
{
    public function __construct(
        public readonly string $root,
        public readonly int $files,
        public readonly int $sourceBytes,
        public readonly int $opcacheBytes,
        public readonly int $internedBytes,
        public readonly bool $measured,
        public readonly AutoloaderState $autoloader,
        public readonly PreloadState $preload,
    ) {
    }
}
