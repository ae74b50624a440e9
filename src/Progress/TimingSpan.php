<?php

declare(strict_types=1);

namespace Preheat\Progress;

/** One line of the timing table: a span, how deep it is nested, its seconds over all the times it ran. */
final readonly class TimingSpan
{
    /** @param array<string, int> $counts e.g. "files parsed" => 120, "processes" => 1 */
    public function __construct(
        public string $name,
        public int $depth,
        public float $seconds,
        public int $times,
        public array $counts,
        public bool $isBoot,
    ) {
    }
}
