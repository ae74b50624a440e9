<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use Preheat\Util\RelativePath;

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

    public function __construct(
        public readonly string $path,
        public readonly string $reason,
        public readonly string $why,
        public readonly bool $checkedForDuplicates = false,
    ) {
    }

    /** @return array{path: string, reason: string, why: string, checkedForDuplicates: bool} */
    public function toArray(string $root): array
    {
        return [
            'path' => RelativePath::orDot($this->path, $root),
            'reason' => $this->reason,
            'why' => $this->why,
            'checkedForDuplicates' => $this->checkedForDuplicates,
        ];
    }
}
