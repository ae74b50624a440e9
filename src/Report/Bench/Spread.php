<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Statistics\Sample;

/** A median with its spread over rounds: min, max and median absolute deviation. */
final class Spread
{
    public function __construct(
        public readonly float $median,
        public readonly float $min,
        public readonly float $max,
        public readonly float $mad,
        public readonly int $count,
    ) {
    }

    /** @param list<float> $values */
    public static function of(array $values): ?self
    {
        if ([] === $values) {
            return null;
        }
        $sample = new Sample($values);

        return new self($sample->median(), $sample->min(), $sample->max(), $sample->mad(), $sample->count());
    }

    /** @return array{median: float, min: float, max: float, mad: float, n: int} */
    public function toArray(int $precision = 3): array
    {
        return [
            'median' => round($this->median, $precision),
            'min' => round($this->min, $precision),
            'max' => round($this->max, $precision),
            'mad' => round($this->mad, $precision),
            'n' => $this->count,
        ];
    }
}
