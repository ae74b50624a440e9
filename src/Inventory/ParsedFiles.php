<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/** What a ParallelAnalysis parsed, and how many of its workers ran under OPcache's JIT (0: none did). */
final class ParsedFiles
{
    /** @param array<string, ParsedFile> $files keyed by path */
    public function __construct(
        public readonly array $files,
        public readonly int $jitWorkers = 0,
    ) {
    }
}
