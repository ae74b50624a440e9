<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\PreparedScenario;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\Bench\ScenarioPreparation;

/** Prepares without generating or verifying: `none` preloads nothing, any other scenario a script named after it; the runtime kind its layers ask for. */
final class FakePreparation implements ScenarioPreparation
{
    public function prepare(ScenarioSpec $spec, BenchConfig $config, string $directory): PreparedScenario
    {
        return $spec->isNone()
            ? new PreparedScenario($spec->name, $spec->spec, null, 'no preloading', runtime: $spec->layers->runtime)
            : new PreparedScenario($spec->name, $spec->spec, $directory.'/preload.php', 'generated for the test', runtime: $spec->layers->runtime);
    }
}
