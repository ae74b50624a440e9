<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare;

/** One scenario of this run against the scenario of the same name in the earlier run: its change, or why none. */
final class ScenarioChange
{
    /**
     * @param Estimate|null $change  this run over the earlier one as a speed-up (+10 %: 10 % faster now)
     * @param string|null   $missing why there is no change (not in the earlier run, not measured in one of them)
     */
    public function __construct(
        public readonly string $scenario,
        public readonly ?Estimate $change,
        public readonly ?string $missing = null,
    ) {
    }
}
