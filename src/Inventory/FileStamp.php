<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * A file's size and modification time when it was read: what tells a cached analysis of it still holds, and
 * whether the analysis is of the bytes the content index was keyed by.
 */
final class FileStamp
{
    public function __construct(
        public readonly int $size,
        public readonly int $modifiedAt,
    ) {
    }

    public function is(int $size, int $modifiedAt): bool
    {
        return $this->size === $size && $this->modifiedAt === $modifiedAt;
    }
}
