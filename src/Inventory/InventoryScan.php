<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * The result of one scan: the inventory of the files under the roots, the context (the project's other
 * runtime files, checked for duplicate declarations only), what was scanned and skipped, and how many files
 * had to be parsed (the rest came from the cache).
 */
final class InventoryScan
{
    public function __construct(
        public readonly Inventory $inventory,
        public readonly int $parsedFiles,
        public readonly Inventory $context = new Inventory([]),
        public readonly ?SourceSelection $selection = null,
        /** How many parse workers ran under OPcache's JIT (0: none, or nothing to parse) */
        public readonly int $jitWorkers = 0,
    ) {
    }
}
