<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * A directory (or file) the scan did not read for preloading, and why. Directories the app writes at
 * run time (caches) are still read for duplicate declarations: the app includes files from them.
 */
final class SkippedPath
{
    public const NOT_RUNTIME = 'not-runtime';
    public const GENERATED = 'generated';
    public const LINK_LOOP = 'link-loop';
    public const LINK_SEEN = 'link-seen';
    public const UNREADABLE = 'unreadable';
    public const PREHEAT_FILE = 'preheat-file';
    public const TOO_LARGE = 'too-large';

    public function __construct(
        public readonly string $path,
        public readonly string $reason,
        public readonly string $why,
        public readonly bool $checkedForDuplicates = false,
    ) {
    }
}
