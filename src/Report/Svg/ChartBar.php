<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * One bar: a scenario's value, the two ends of its whisker (absolute values: the confidence interval of the
 * value, or both equal to it for none) and an optional note printed under the label (e.g. "faster: +18.2%
 * (CI +15.1% … +21.0%)"). Its tone colours it by what it says; a bar that is one step of a staircase
 * marks the value of the step below (stepFrom) so the step itself shows.
 */
final class ChartBar
{
    /** @throws \InvalidArgumentException when a number is negative or not finite, or errorLow > errorHigh */
    public function __construct(
        public readonly string $label,
        public readonly float $value,
        public readonly float $errorLow,
        public readonly float $errorHigh,
        public readonly ?string $note = null,
        public readonly ?BarTone $tone = null,
        public readonly ?float $stepFrom = null,
    ) {
        $numbers = ['value' => $value, 'errorLow' => $errorLow, 'errorHigh' => $errorHigh];
        foreach ($numbers + (null === $stepFrom ? [] : ['stepFrom' => $stepFrom]) as $name => $number) {
            if (!is_finite($number) || $number < 0.0) {
                throw new \InvalidArgumentException(
                    \sprintf(
                        'Bar "%s": %s must be a finite number >= 0, got %s.',
                        $label,
                        $name,
                        var_export($number, true),
                    ),
                );
            }
        }
        if ($errorLow > $errorHigh) {
            throw new \InvalidArgumentException(
                \sprintf('Bar "%s": errorLow (%s) is above errorHigh (%s).', $label, $errorLow, $errorHigh),
            );
        }
    }
}
