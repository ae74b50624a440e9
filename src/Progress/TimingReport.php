<?php

declare(strict_types=1);

namespace Preheat\Progress;

/** A run's spans (depth first) and its wall time. */
final readonly class TimingReport
{
    /** @param list<TimingSpan> $spans */
    public function __construct(public array $spans, public float $wallSeconds)
    {
    }

    /** The seconds of the outermost spans: what the table accounts for. */
    public function accountedSeconds(): float
    {
        $sum = 0.0;
        foreach ($this->spans as $span) {
            if (0 === $span->depth) {
                $sum += $span->seconds;
            }
        }

        return $sum;
    }

    /** How many processes the run started, named or not. */
    public function processes(): int
    {
        $count = 0;
        foreach ($this->spans as $span) {
            $count += $span->counts['processes'] ?? 0;
        }

        return $count;
    }
}
