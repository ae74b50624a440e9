<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

/** The median over one scenario's valid runs of each run's latency percentile, in milliseconds; null: not measured. */
final class LatencyPercentiles
{
    public function __construct(
        public readonly ?float $p50Ms,
        public readonly ?float $p90Ms,
        public readonly ?float $p99Ms,
    ) {
    }
}
