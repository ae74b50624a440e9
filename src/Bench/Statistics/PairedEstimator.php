<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

/** How a PairedComparison got its estimate and interval from the per-round ratios (see PairedComparator). */
enum PairedEstimator: string
{
    /** From HodgesLehmann::MIN_VALUES_95 rounds: the centre of the log ratios, with the signed-rank interval. */
    case HodgesLehmann = 'Hodges-Lehmann estimate of paired per-round ratios (signed-rank interval)';
    /** Fewer rounds: their median, with a percentile bootstrap interval from PairedComparator::MIN_ROUNDS on. */
    case Median = 'median of paired per-round ratios (bootstrap interval)';
}
