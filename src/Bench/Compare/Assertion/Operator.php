<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare\Assertion;

use Preheat\Bench\Statistics\ConfidenceInterval;

/** How an assertion compares a value with its threshold. */
enum Operator: string
{
    case AtLeast = '>=';
    case AtMost = '<=';
    case Above = '>';
    case Below = '<';
    case Equal = '==';

    public function holds(float $value, float $threshold): bool
    {
        return match ($this) {
            self::AtLeast => $value >= $threshold,
            self::AtMost => $value <= $threshold,
            self::Above => $value > $threshold,
            self::Below => $value < $threshold,
            self::Equal => abs($value - $threshold) <= 1e-12 * max(1.0, abs($threshold)),
        };
    }

    /** Whether every value of the interval holds: what `--assert-strict` asks of an estimate. */
    public function holdsForAll(ConfidenceInterval $interval, float $threshold): bool
    {
        return match ($this) {
            self::AtLeast, self::Above => $this->holds($interval->low, $threshold),
            self::AtMost, self::Below => $this->holds($interval->high, $threshold),
            self::Equal => $interval->contains($threshold),
        };
    }

    /** Whether some value of the interval holds: the interval is not wholly on the wrong side. */
    public function holdsForSome(ConfidenceInterval $interval, float $threshold): bool
    {
        return match ($this) {
            self::AtLeast, self::Above => $this->holds($interval->high, $threshold),
            self::AtMost, self::Below => $this->holds($interval->low, $threshold),
            self::Equal => $interval->contains($threshold),
        };
    }

    /** The side of the threshold a failing interval lies wholly on, for the message: "below", "above". */
    public function wrongSide(): string
    {
        return match ($this) {
            self::AtLeast, self::Above => 'below',
            self::AtMost, self::Below => 'above',
            self::Equal => 'away from',
        };
    }

    /** @return list<string> longest first, as the parser tries them */
    public static function symbols(): array
    {
        return ['>=', '<=', '==', '>', '<'];
    }
}
