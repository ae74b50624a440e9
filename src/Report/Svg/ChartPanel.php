<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * One chart of a figure: a metric (e.g. "Requests per second" in "req/s") with one bar per scenario, baseline first.
 * Its title says what each bar is compared with; the caption, printed after the unit, what the whiskers are.
 */
final class ChartPanel
{
    /** @param list<ChartBar> $bars */
    public function __construct(
        public readonly string $title,
        public readonly string $unit,
        public readonly array $bars,
        public readonly bool $higherIsBetter,
        public readonly string $caption = '',
        /** A panel's width, in pixels, before it grows to fit its values; the figure's first panel is wider */
        public readonly ?int $width = null,
        /** Decimals of the values printed past the bars; null: one below 100, none from 100 up */
        public readonly ?int $decimals = null,
    ) {
    }
}
