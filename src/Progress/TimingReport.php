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

    /**
     * @return array{wall_seconds: float, accounted_seconds: float, processes: int, spans: list<array{name: string,
     *     depth: int, seconds: float, times: int, counts: array<string, int>}>}
     */
    public function toArray(): array
    {
        return [
            'wall_seconds' => round($this->wallSeconds, 3),
            'accounted_seconds' => round($this->accountedSeconds(), 3),
            'processes' => $this->processes(),
            'spans' => array_map(static fn (TimingSpan $s): array => [
                'name' => $s->name,
                'depth' => $s->depth,
                'seconds' => round($s->seconds, 3),
                'times' => $s->times,
                'counts' => $s->counts,
            ], $this->spans),
        ];
    }
}
