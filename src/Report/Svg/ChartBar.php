<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * One bar: a scenario's value, the two ends of its whisker (absolute values, e.g. the min and max of the
 * runs) and an optional note printed under the label (e.g. "+18.2% (CI +15.1% … +21.0%)").
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
    ) {
        foreach (['value' => $value, 'errorLow' => $errorLow, 'errorHigh' => $errorHigh] as $name => $number) {
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
