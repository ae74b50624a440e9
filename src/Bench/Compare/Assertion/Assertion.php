<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare\Assertion;

/** One `--assert` expression, parsed: `hot.gain >= 10%` is scenario hot, Gain, AtLeast, 0.10. */
final class Assertion
{
    /** The subject that means every measured scenario (the baseline left out of gain and change). */
    public const EVERY = '*';

    /**
     * @param string $text      as the user wrote it, trimmed
     * @param string $scenario  a scenario's name, or EVERY
     * @param float  $threshold in the property's own unit: a fraction (0.10 for 10 %), bytes, seconds, a count
     * @param string $unit      the unit the threshold was written in ("%", "MB", "s", "" for a count)
     */
    public function __construct(
        public readonly string $text,
        public readonly string $scenario,
        public readonly Property $property,
        public readonly Operator $operator,
        public readonly float $threshold,
        public readonly string $unit,
    ) {
    }

    public function everyScenario(): bool
    {
        return self::EVERY === $this->scenario;
    }
}
