<?php

declare(strict_types=1);

namespace Preheat\Bench;

/** One run of a benchmark: a scenario in a round. */
final class RoundSlot
{
    public function __construct(
        public readonly int $round,
        public readonly string $scenario,
    ) {
    }
}
