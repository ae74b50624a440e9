<?php

declare(strict_types=1);

namespace Preheat\Bench\Rounds;

use Preheat\Bench\Result\Metric;

/** How many rounds a benchmark ran under its stopping rule, how long they took, and why it stopped. */
final class RoundsOutcome
{
    /**
     * @param Metric $metric what the rule's gains compared
     */
    public function __construct(
        public readonly StoppingRule $rule,
        public readonly int $rounds,
        public readonly float $measuredSeconds,
        public readonly StopReason $reason,
        public readonly Metric $metric,
    ) {
    }
}
