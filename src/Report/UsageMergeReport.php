<?php

declare(strict_types=1);

namespace Preheat\Report;

/** What `preheat usage merge` reports: the stores added up, into which, and what the sum holds. */
final class UsageMergeReport
{
    /** @param list<string> $sources */
    public function __construct(
        public readonly string $into,
        public readonly array $sources,
        public readonly int $requests,
        public readonly int $files,
        public readonly int $skippedRecords,
    ) {
    }
}
