<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

/**
 * The Hodges-Lehmann estimate of a centre and the distribution-free interval that goes with it (the
 * one the Wilcoxon signed-rank test inverts): the estimate is the median of the n(n+1)/2 Walsh
 * averages (x_i + x_j) / 2, i <= j; the interval runs from the (C+1)-th smallest to the (C+1)-th
 * largest of them, C being the largest count with P(T <= C) <= (1 - level) / 2 for the signed-rank
 * statistic T. It asks only that the values be spread symmetrically about their centre, uses every
 * value (where a median keeps only the middle one or two, so its interval is wider for the same
 * rounds and jumps as rounds are added), and a third of them may be wild without moving it far.
 *
 * The distribution of T is counted exactly up to EXACT_LIMIT values and taken as normal beyond.
 */
final class HodgesLehmann
{
    /** The fewest values that give a 95 % interval at all: with 5, P(T = 0) = 1/32 > 0.025. */
    public const MIN_VALUES_95 = 6;

    private const EXACT_LIMIT = 100;

    /** @param non-empty-list<float> $values */
    public static function estimate(array $values): float
    {
        return (new Sample(self::walshAverages($values)))->median();
    }

    /**
     * @param non-empty-list<float> $values
     *
     * @return ConfidenceInterval|null null when there are too few values for the level
     */
    public static function interval(array $values, float $level): ?ConfidenceInterval
    {
        $n = \count($values);
        $count = self::largestTailCount($n, (1.0 - $level) / 2);
        if (null === $count) {
            return null;
        }
        $walsh = self::walshAverages($values);
        sort($walsh);

        return new ConfidenceInterval($walsh[$count], $walsh[\count($walsh) - 1 - $count], $level);
    }

    /**
     * @param non-empty-list<float> $values
     *
     * @return list<float>
     */
    private static function walshAverages(array $values): array
    {
        $walsh = [];
        $n = \count($values);
        for ($i = 0; $i < $n; ++$i) {
            for ($j = $i; $j < $n; ++$j) {
                $walsh[] = ($values[$i] + $values[$j]) / 2;
            }
        }

        return $walsh;
    }

    /** The largest C with P(T <= C) <= $tail, or null when even P(T = 0) = 2^-n is larger. */
    private static function largestTailCount(int $n, float $tail): ?int
    {
        if ($n <= self::EXACT_LIMIT) {
            $cumulative = 0.0;
            $found = null;
            foreach (self::signedRankDistribution($n) as $t => $probability) {
                $cumulative += $probability;
                if ($cumulative > $tail + 1e-12) {
                    break;
                }
                $found = $t;
            }

            return $found;
        }
        $pairs = $n * ($n + 1) / 2;
        $sigma = sqrt($n * ($n + 1) * (2 * $n + 1) / 24);
        // Continuity-corrected: P(T <= C) ~ Phi((C + 0.5 - M/2) / sigma).
        $count = (int) floor($pairs / 2 - 0.5 + self::normalQuantile($tail) * $sigma);

        return $count >= 0 ? $count : null;
    }

    /**
     * P(T = t) for t = 0 … n(n+1)/2 when each rank 1 … n is counted with probability 1/2.
     *
     * @return list<float>
     */
    private static function signedRankDistribution(int $n): array
    {
        $max = intdiv($n * ($n + 1), 2);
        $ways = array_fill(0, $max + 1, 0.0);
        $ways[0] = 1.0;
        for ($rank = 1; $rank <= $n; ++$rank) {
            for ($t = intdiv($rank * ($rank + 1), 2); $t >= $rank; --$t) {
                $ways[$t] += $ways[$t - $rank];
            }
        }
        $total = 2.0 ** $n;

        return array_values(array_map(static fn (float $w): float => $w / $total, $ways));
    }

    /** The p-quantile of the standard normal, by bisection on its distribution function. */
    private static function normalQuantile(float $p): float
    {
        $low = -10.0;
        $high = 10.0;
        for ($i = 0; $i < 100; ++$i) {
            $mid = ($low + $high) / 2;
            if (self::normalCdf($mid) < $p) {
                $low = $mid;
            } else {
                $high = $mid;
            }
        }

        return ($low + $high) / 2;
    }

    /** Phi(x) through erf (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
    private static function normalCdf(float $x): float
    {
        $z = abs($x) / \M_SQRT2;
        $t = 1.0 / (1.0 + 0.3275911 * $z);
        $poly = $t * (0.254829592 + $t * (-0.284496736 + $t * (1.421413741 + $t * (-1.453152027 + $t * 1.061405429))));
        $erf = 1.0 - $poly * exp(-$z * $z);

        return $x >= 0 ? (1.0 + $erf) / 2 : (1.0 - $erf) / 2;
    }
}
