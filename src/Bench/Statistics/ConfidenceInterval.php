<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

/** A closed interval [low, high] that holds the true value with probability $level (0.95 for 95 %). */
final class ConfidenceInterval
{
    /**
     * @throws \InvalidArgumentException when the bounds are not finite or out of order, or the level is not in
     *                                   (0, 1)
     */
    public function __construct(
        public readonly float $low,
        public readonly float $high,
        public readonly float $level,
    ) {
        if (!is_finite($low) || !is_finite($high) || $low > $high) {
            $message = \sprintf(
                'A confidence interval needs finite bounds with low <= high, got [%s, %s].',
                var_export($low, true),
                var_export($high, true),
            );
            throw new \InvalidArgumentException($message);
        }
        if (!($level > 0.0 && $level < 1.0)) {
            $message = \sprintf('A confidence level lies strictly between 0 and 1, got %s.', var_export($level, true));
            throw new \InvalidArgumentException($message);
        }
    }

    public function contains(float $x): bool
    {
        return $x >= $this->low && $x <= $this->high;
    }
}
