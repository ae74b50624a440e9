<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/** One root of a scan and how many PHP files were found under it (files under another root are that root's). */
final class ScannedRoot
{
    public function __construct(
        public readonly string $path,
        public readonly int $files,
    ) {
    }
}
