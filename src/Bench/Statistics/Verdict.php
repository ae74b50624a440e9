<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

/** What a paired comparison says in words, read from its confidence interval of the gain. */
enum Verdict: string
{
    case Faster = 'faster';
    case Slower = 'slower';
    case NoMeasurableDifference = 'no measurable difference';

    /**
     * Faster or slower only when the whole interval lies on one side of 0; an interval that spans 0 (or
     * touches it) decides nothing.
     */
    public static function of(ConfidenceInterval $gain): self
    {
        return match (true) {
            $gain->low > 0.0 => self::Faster,
            $gain->high < 0.0 => self::Slower,
            default => self::NoMeasurableDifference,
        };
    }
}
