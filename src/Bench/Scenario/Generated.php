<?php

declare(strict_types=1);

namespace Preheat\Bench\Scenario;

use Preheat\Plan\Strategy\StrategyKind;

/** A preload script `generate` writes for the scenario with a strategy. */
final class Generated implements ScenarioPreload
{
    /** @param string $spelling the strategy's name as the user wrote it (an alias stays as written) */
    public function __construct(public readonly StrategyKind $strategy, private readonly string $spelling)
    {
    }

    public function spec(): string
    {
        return $this->spelling;
    }
}
