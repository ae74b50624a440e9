<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

/**
 * Compares a scenario with the baseline by paired rounds. The rounds are interleaved with the order
 * rotated, so drift on a shared machine falls on both sides of a round's ratio and cancels there.
 * From HodgesLehmann::MIN_VALUES_95 rounds on, the estimate is the Hodges-Lehmann centre of the
 * rounds' log ratios and its interval the signed-rank one (HodgesLehmann): every round counts, so the
 * interval is narrower than a median's for the same rounds and moves smoothly as rounds are added
 * (which the stopping rule relies on). With fewer rounds no such interval exists at 95 %: the
 * estimate is the median of the ratios, its interval the seeded percentile bootstrap of that median.
 * Either way the estimate lies inside its interval, and anything derived from the ratio (time per
 * request) moves in the same direction as the figure compared.
 */
final class PairedComparator
{
    /** Below this many paired rounds a bootstrap interval is degenerate (one round, or two that always bracket the median): none is given. */
    public const MIN_ROUNDS = 3;

    public function __construct(
        private readonly Bootstrap $bootstrap = new Bootstrap(10000, 1),
        private readonly float $level = 0.95,
    ) {
    }

    /**
     * @param array<int, float> $treatment round => the scenario's figure (req/s)
     * @param array<int, float> $baseline  round => the baseline's figure in that round
     *
     * @return PairedComparison|null null when no round has both sides
     *
     * @throws \InvalidArgumentException when a baseline figure of a shared round is not positive
     */
    public function compare(array $treatment, array $baseline): ?PairedComparison
    {
        $ratios = [];
        foreach ($treatment as $round => $value) {
            if (!isset($baseline[$round])) {
                continue;
            }
            if ($baseline[$round] <= 0.0) {
                throw new \InvalidArgumentException(\sprintf('A paired ratio needs a positive baseline, got %s in round %d.', var_export($baseline[$round], true), $round));
            }
            $ratios[$round] = $value / $baseline[$round];
        }
        if ([] === $ratios) {
            return null;
        }
        ksort($ratios);
        $values = array_values($ratios);
        $logs = array_map(static fn (float $ratio): float => $ratio > 0.0 ? log($ratio) : 0.0, $values);
        $logInterval = \count($values) >= HodgesLehmann::MIN_VALUES_95 && min($values) > 0.0 ? HodgesLehmann::interval($logs, $this->level) : null;
        if (null !== $logInterval) {
            $estimate = exp(HodgesLehmann::estimate($logs));
            $interval = new ConfidenceInterval(exp($logInterval->low) - 1.0, exp($logInterval->high) - 1.0, $this->level);
            $estimator = PairedEstimator::HodgesLehmann;
        } else {
            $estimator = PairedEstimator::Median;
            $estimate = (new Sample($values))->median();
            $interval = null;
            if (\count($values) >= self::MIN_ROUNDS) {
                $ratioInterval = $this->bootstrap->median($values, $this->level);
                $interval = new ConfidenceInterval($ratioInterval->low - 1.0, $ratioInterval->high - 1.0, $ratioInterval->level);
            }
        }

        return new PairedComparison($ratios, $estimate, $interval, OutlierRounds::flag($ratios), $estimator);
    }
}
