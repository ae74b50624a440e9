<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * The oldest PHP that can compile a file, when the file uses syntax the PHP running Preheat's oldest supported
 * version lacks, and what in the file needs it: a plan for an older PHP leaves the file out and says why.
 */
final class SyntaxRequirement
{
    public function __construct(
        /** The oldest PHP that can compile the file ('8.4') */
        public readonly string $version,
        /** What needs that PHP first ("a property hook on line 12") */
        public readonly ?string $reason,
    ) {
    }

    /** Whether PHP $phpVersion ('8.2.29') can compile the file. */
    public function metBy(string $phpVersion): bool
    {
        return version_compare($phpVersion, $this->version, '>=');
    }
}
