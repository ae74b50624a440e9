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
 *
 * When the servers were restarted between blocks of rounds, the unit is the block, not the round: a
 * server started anew runs a little faster or slower than its identical twin and stays so until it is
 * restarted, so rounds of one block share that offset and an interval over rounds would not see it.
 * Each block's paired rounds then count as one ratio (the geometric mean of theirs), and the estimate
 * and interval come from the blocks' ratios the same way as above (Hodges-Lehmann from 6, median and
 * bootstrap from 3, none below).
 */
final class PairedComparator
{
    /**
     * Below this many paired rounds a bootstrap interval is degenerate (one round, or two that always bracket
     * the median): none is given.
     */
    public const MIN_ROUNDS = 3;

    public function __construct(
        private readonly Bootstrap $bootstrap = new Bootstrap(10000, 1),
        private readonly float $level = 0.95,
    ) {
    }

    /**
     * @param array<int, float> $treatment round => the scenario's figure (req/s)
     * @param array<int, float> $baseline  round => the baseline's figure in that round
     * @param array<int, int>   $instances round => which start of the servers ran it (1, 2, ... one per
     *                                     restart); empty: never restarted
     *
     * @return PairedComparison|null null when no round has both sides
     *
     * @throws \InvalidArgumentException when a baseline figure of a shared round is not positive
     */
    public function compare(array $treatment, array $baseline, array $instances = []): ?PairedComparison
    {
        $ratios = [];
        foreach ($treatment as $round => $value) {
            if (!isset($baseline[$round])) {
                continue;
            }
            if ($baseline[$round] <= 0.0) {
                $message = \sprintf(
                    'A paired ratio needs a positive baseline, got %s in round %d.',
                    var_export($baseline[$round], true),
                    $round,
                );
                throw new \InvalidArgumentException($message);
            }
            $ratios[$round] = $value / $baseline[$round];
        }
        if ([] === $ratios) {
            return null;
        }
        ksort($ratios);
        $blocks = self::blocks($ratios, $instances);
        $restarted = \count($blocks) > 1;
        $values = $restarted ? array_values($blocks) : array_values($ratios);
        $logs = array_map(static fn (float $ratio): float => $ratio > 0.0 ? log($ratio) : 0.0, $values);
        $logInterval = \count($values) >= HodgesLehmann::MIN_VALUES_95 && min($values) > 0.0
            ? HodgesLehmann::interval($logs, $this->level)
            : null;
        if (null !== $logInterval) {
            $estimate = exp(HodgesLehmann::estimate($logs));
            $interval = new ConfidenceInterval(
                exp($logInterval->low) - 1.0,
                exp($logInterval->high) - 1.0,
                $this->level,
            );
            $estimator = $restarted ? PairedEstimator::RestartsHodgesLehmann : PairedEstimator::HodgesLehmann;
        } else {
            $estimator = $restarted ? PairedEstimator::RestartsMedian : PairedEstimator::Median;
            $estimate = (new Sample($values))->median();
            $interval = null;
            if (\count($values) >= self::MIN_ROUNDS) {
                $ratioInterval = $this->bootstrap->median($values, $this->level);
                $interval = new ConfidenceInterval(
                    $ratioInterval->low - 1.0,
                    $ratioInterval->high - 1.0,
                    $ratioInterval->level,
                );
            }
        }

        return new PairedComparison($ratios, $estimate, $interval, OutlierRounds::flag($ratios), $estimator);
    }

    /**
     * The paired rounds by server start: each start's ratio is the geometric mean of its rounds'.
     *
     * @param array<int, float> $ratios    round => paired ratio, in round order
     * @param array<int, int>   $instances round => server start
     *
     * @return array<int, float> start => ratio, in order of the starts
     */
    private static function blocks(array $ratios, array $instances): array
    {
        $logs = [];
        foreach ($ratios as $round => $ratio) {
            $logs[$instances[$round] ?? 1][] = $ratio > 0.0 ? log($ratio) : 0.0;
        }
        ksort($logs);

        return array_map(static fn (array $l): float => exp(array_sum($l) / \count($l)), $logs);
    }
}
