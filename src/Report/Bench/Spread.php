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

    /**
     * The run-to-run spread, (max − min) / median: how far apart the rounds of one scenario came out. An
     * instruction count barely moves (a few in a million); req/s on a busy machine moves by percents.
     */
    public function relativeRange(): ?float
    {
        return $this->median > 0.0 ? ($this->max - $this->min) / $this->median : null;
    }
}
