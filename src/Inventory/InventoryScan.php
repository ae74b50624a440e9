<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/** The result of one scan: the inventory, and how many files had to be parsed (the rest came from the cache). */
final class InventoryScan
{
    public function __construct(
        public readonly Inventory $inventory,
        public readonly int $parsedFiles,
    ) {
    }
}
