<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

/**
 * What reading a usage store met besides the counts: how many batches it held, the damaged records it skipped,
 * the sampled requests recorders dropped while the store was unreachable, and what the user should know of.
 */
final class StoreReading
{
    /** @param list<string> $warnings what reading skipped that the user should know of, each naming its store */
    public function __construct(
        public readonly int $batches = 0,
        public readonly int $skippedRecords = 0,
        public readonly int $droppedRequests = 0,
        public readonly array $warnings = [],
    ) {
    }
}
