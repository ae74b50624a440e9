<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

/**
 * Compares a scenario with the baseline by paired rounds. The rounds are interleaved with the order
 * rotated, so drift on a shared machine falls on both sides of a round's ratio and cancels there; the
 * estimate is the median of those ratios, and its interval is the seeded percentile bootstrap of that
 * same median, resampling rounds. The point estimate therefore always lies inside its own interval,
 * and anything derived from the ratio (time per request) moves in the same direction as req/s.
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
        $interval = null;
        if (\count($ratios) >= self::MIN_ROUNDS) {
            $ratioInterval = $this->bootstrap->median($values, $this->level);
            $interval = new ConfidenceInterval($ratioInterval->low - 1.0, $ratioInterval->high - 1.0, $ratioInterval->level);
        }

        return new PairedComparison($ratios, (new Sample($values))->median(), $interval, OutlierRounds::flag($ratios));
    }
}
