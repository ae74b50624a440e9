<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Scenario\ScenarioSpec;

/** Turns a scenario's SPEC into what its runtime serves with (ScenarioPreparer; a fake in tests). */
interface ScenarioPreparation
{
    public function prepare(ScenarioSpec $spec, BenchConfig $config, string $directory): PreparedScenario;
}
