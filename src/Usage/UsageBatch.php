<?php

declare(strict_types=1);

namespace Preheat\Usage;

/**
 * What one worker saw over a while: how many sampled requests, and for each PHP file how many of
 * them loaded it. The unit a recorder flushes and a store appends. `server` may name several servers,
 * separated by commas (a merged batch).
 */
final class UsageBatch
{
    /** @param array<string, int> $fileCounts absolute path => sampled requests that loaded it */
    public function __construct(
        public readonly int $requests,
        public readonly array $fileCounts,
        public readonly int $from,
        public readonly int $to,
        public readonly string $server = '',
        /** sampled requests a recorder had to drop while the store was unreachable */
        public readonly int $droppedRequests = 0,
        /** @var array<string, int> absolute path => sampled requests that loaded it outside any autoloader */
        public readonly array $requiredCounts = [],
    ) {
    }
}
