<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

/**
 * A round whose paired ratio lies far from the others: |ratio - median| / MAD above the threshold. Flagged,
 * never dropped.
 */
final class OutlierRound
{
    public function __construct(
        public readonly int $round,
        public readonly float $ratio,
        public readonly float $median,
        public readonly float $score,
    ) {
    }
}
