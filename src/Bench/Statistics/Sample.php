<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

/**
 * An immutable, non-empty list of finite measurements with the order statistics a benchmark report needs.
 * Percentiles interpolate linearly between closest ranks (numpy's default "linear" method).
 */
final class Sample
{
    /** @var list<float> */
    private readonly array $values;

    /** @var list<float> */
    private readonly array $sorted;

    /**
     * @param list<float> $values
     *
     * @throws \InvalidArgumentException when the list is empty or holds NaN or an infinity
     */
    public function __construct(array $values)
    {
        if ([] === $values) {
            throw new \InvalidArgumentException('A sample needs at least one value.');
        }
        $clean = [];
        foreach ($values as $value) {
            $value = (float) $value;
            if (!is_finite($value)) {
                $message = \sprintf('A sample holds finite numbers only, got %s.', var_export($value, true));
                throw new \InvalidArgumentException($message);
            }
            $clean[] = $value;
        }
        $this->values = $clean;
        sort($clean);
        $this->sorted = $clean;
    }

    public function count(): int
    {
        return \count($this->values);
    }

    /** @return list<float> in the order they were given */
    public function values(): array
    {
        return $this->values;
    }

    /** @return list<float> ascending */
    public function sorted(): array
    {
        return $this->sorted;
    }

    public function min(): float
    {
        return $this->sorted[0];
    }

    public function max(): float
    {
        return $this->sorted[\count($this->sorted) - 1];
    }

    public function mean(): float
    {
        return array_sum($this->values) / \count($this->values);
    }

    /** The middle value; the mean of the two middle values when the count is even. */
    public function median(): float
    {
        return self::medianOfSorted($this->sorted);
    }

    /**
     * The value below which $p percent of the sample lies: rank h = (n - 1) * p / 100 into the sorted
     * values, interpolated linearly between the values at floor(h) and floor(h) + 1.
     *
     * @throws \InvalidArgumentException when $p is outside [0, 100]
     */
    public function percentile(float $p): float
    {
        if (!($p >= 0.0 && $p <= 100.0)) {
            $message = \sprintf('A percentile lies between 0 and 100, got %s.', var_export($p, true));
            throw new \InvalidArgumentException($message);
        }
        $last = \count($this->sorted) - 1;
        $rank = $last * $p / 100.0;
        $below = (int) floor($rank);
        if ($below >= $last) {
            return $this->sorted[$last];
        }
        $fraction = $rank - $below;
        $low = $this->sorted[$below];

        return $low + $fraction * ($this->sorted[$below + 1] - $low);
    }

    /** Median absolute deviation, unscaled: median(|x - median|). */
    public function mad(): float
    {
        $median = $this->median();
        $deviations = array_map(static fn (float $x): float => abs($x - $median), $this->sorted);
        sort($deviations);

        return self::medianOfSorted($deviations);
    }

    /** The MAD as a fraction of the median; 0 when the median is 0. */
    public function relativeMad(): float
    {
        $median = $this->median();

        return 0.0 === $median ? 0.0 : $this->mad() / abs($median);
    }

    /** @param non-empty-list<float> $sorted */
    private static function medianOfSorted(array $sorted): float
    {
        $count = \count($sorted);
        $middle = intdiv($count, 2);

        return 1 === $count % 2 ? $sorted[$middle] : ($sorted[$middle - 1] + $sorted[$middle]) / 2;
    }
}
