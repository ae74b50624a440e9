<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * A top-level statement that does something when the file is included.
 * Once a file's classes are preloaded the autoloader never includes it again, so this never runs.
 */
final class SideEffect
{
    public function __construct(
        public readonly string $description,
        public readonly int $line,
    ) {
    }

    public function __toString(): string
    {
        return \sprintf('%s on line %d', $this->description, $this->line);
    }
}
