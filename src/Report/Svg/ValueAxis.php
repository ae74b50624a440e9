<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * A panel's value axis: from 0 in $intervals steps of $step (1, 2, 2.5 or 5 times a power of ten), its tick labels
 * printed with $decimals.
 */
final class ValueAxis
{
    private function __construct(
        public readonly float $step,
        public readonly int $intervals,
        public readonly int $decimals,
    ) {
    }

    /** A nice step and 3 to 5 intervals, so that the axis starts at 0, has 4 to 6 ticks and reaches $maximum. */
    public static function reaching(float $maximum): self
    {
        if ($maximum <= 0.0) {
            return new self(1.0, 4, 0);
        }
        $magnitude = 10 ** floor(log10($maximum / 5));
        $step = 10 * $magnitude;
        foreach ([1.0, 2.0, 2.5, 5.0] as $mantissa) {
            if ($maximum / ($mantissa * $magnitude) <= 5.0 + 1e-9) {
                $step = $mantissa * $magnitude;
                break;
            }
        }

        return new self($step, max(3, (int) ceil($maximum / $step - 1e-9)), self::decimalsOf($step));
    }

    /** Where the axis ends. */
    public function end(): float
    {
        return $this->step * $this->intervals;
    }

    /** How many decimals print $step exactly (2.5 needs 1, 0.25 needs 2). */
    private static function decimalsOf(float $step): int
    {
        for ($decimals = 0; $decimals < 6; ++$decimals) {
            if (abs(round($step, $decimals) - $step) <= 1e-9 * $step) {
                return $decimals;
            }
        }

        return 6;
    }
}
