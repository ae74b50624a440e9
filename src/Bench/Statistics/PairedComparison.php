<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

/**
 * A scenario against the baseline, round by round: each round's ratio (measured side by side, as a
 * speed-up: above 1 is faster, see Metric::speedup), their median as the estimate, its interval when there
 * are enough rounds, the verdict the interval gives, and the rounds that stand out.
 */
final class PairedComparison
{
    /**
     * @param non-empty-array<int, float> $ratios   round => speed-up (scenario ÷ baseline for req/s, baseline ÷
     *                                              scenario for a cost)
     * @param ConfidenceInterval|null     $interval of the gain (ratio - 1); null with fewer than
     *                                              PairedComparator::MIN_ROUNDS rounds
     * @param list<OutlierRound>          $outliers
     */
    public function __construct(
        public readonly array $ratios,
        public readonly float $ratio,
        public readonly ?ConfidenceInterval $interval,
        public readonly array $outliers,
        public readonly PairedEstimator $estimator = PairedEstimator::Median,
    ) {
    }

    /** The gain as a fraction: 0.20 for +20 %. */
    public function gain(): float
    {
        return $this->ratio - 1.0;
    }

    public function rounds(): int
    {
        return \count($this->ratios);
    }

    /** null when there is no interval to read a verdict from. */
    public function verdict(): ?Verdict
    {
        return null === $this->interval ? null : Verdict::of($this->interval);
    }
}
