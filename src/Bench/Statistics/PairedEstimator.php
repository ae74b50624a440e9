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
    /**
     * Servers restarted between blocks of rounds, from HodgesLehmann::MIN_VALUES_95 blocks: each block's rounds
     * as one ratio (their geometric mean), Hodges-Lehmann over the blocks.
     */
    case RestartsHodgesLehmann = 'Hodges-Lehmann estimate over server restarts'
        .' (each restart\'s paired rounds as one geometric-mean ratio; signed-rank interval)';
    /**
     * Servers restarted, fewer blocks: the median of the blocks' ratios, a bootstrap interval from
     * PairedComparator::MIN_ROUNDS blocks on.
     */
    case RestartsMedian = 'median over server restarts'
        .' (each restart\'s paired rounds as one geometric-mean ratio; bootstrap interval)';

    /** Whether the interval is the signed-rank one, from enough values that it may stop the rounds. */
    public function isSignedRank(): bool
    {
        return self::HodgesLehmann === $this || self::RestartsHodgesLehmann === $this;
    }

    /** Whether the interval spans server restarts, so that it covers how servers started anew differ. */
    public function spansRestarts(): bool
    {
        return self::RestartsHodgesLehmann === $this || self::RestartsMedian === $this;
    }
}
