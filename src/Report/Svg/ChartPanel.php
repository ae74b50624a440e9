<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * One chart of a figure: a metric (e.g. "Requests per second" in "req/s") with one bar per scenario, baseline first.
 */
final class ChartPanel
{
    /** @param list<ChartBar> $bars */
    public function __construct(
        public readonly string $title,
        public readonly string $unit,
        public readonly array $bars,
        public readonly bool $higherIsBetter,
    ) {
    }
}
