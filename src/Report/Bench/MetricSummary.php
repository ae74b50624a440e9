<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Statistics\PairedComparison;

/** One metric of one scenario: its own figures over rounds, the figure the table shows, and the paired gain. */
final class MetricSummary
{
    /**
     * @param Spread|null           $spread     the scenario's own figures over the rounds that measured it
     * @param float|null            $headline   the baseline's own median; for another scenario the baseline's moved by
     *                                          the paired ratio, so it never disagrees with the gain
     * @param PairedComparison|null $comparison against the baseline; null for the baseline and without a paired round
     */
    public function __construct(
        public readonly Metric $metric,
        public readonly ?Spread $spread,
        public readonly ?float $headline,
        public readonly ?PairedComparison $comparison,
    ) {
    }
}
