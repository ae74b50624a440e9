<?php

declare(strict_types=1);

namespace Preheat\Seeds;

use Preheat\Bench\Statistics\Sample;

/** A median with the smallest and largest value it was taken from. */
final class Spread
{
    public function __construct(
        public readonly float $median,
        public readonly float $min,
        public readonly float $max,
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

        return new self($sample->median(), $sample->min(), $sample->max(), $sample->count());
    }
}
