<?php

declare(strict_types=1);

namespace Preheat\Bench\Rounds;

/** How many rounds a benchmark ran under its stopping rule, how long they took, and why it stopped. */
final class RoundsOutcome
{
    /**
     * @param string $metric what the rule's gains compared (req/s)
     */
    public function __construct(
        public readonly StoppingRule $rule,
        public readonly int $rounds,
        public readonly float $measuredSeconds,
        public readonly StopReason $reason,
        public readonly string $metric,
    ) {
    }
}
