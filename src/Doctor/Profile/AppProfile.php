<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

use Preheat\Script\Verify\UnreadableFiles;

/**
 * What the app needs from OPcache: its PHP files, the shared memory and interned strings they take once
 * compiled (measured by compiling them, or estimated from their size), its autoloader and its preload, and
 * whether the pool's user can read the files requests load.
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
        /** What of the app's files the pool's user cannot reach (as root; null when not checked). */
        public readonly ?UnreadableFiles $unreadable = null,
    ) {
    }
}
