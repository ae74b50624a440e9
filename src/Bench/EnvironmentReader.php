<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Result\Environment;
use Preheat\Bench\Result\LoadTool;
use Preheat\Bench\Result\Machine;
use Preheat\Bench\Result\MachineLoad;
use Preheat\Bench\Result\OpcacheSettings;
use Preheat\Bench\Result\PhpSetup;
use Preheat\Bench\Result\RoundPlan;
use Preheat\Server\RuntimeFactory;
use Preheat\Util\Cpu;

/**
 * What a bench ran on, for the report: PHP as the workers reported it (the first scenario that has an OPcache
 * status), the machine and its load before and during the rounds, the workers, the load tool and the rounds.
 */
final class EnvironmentReader
{
    public function __construct(
        private readonly RunMeter $meter,
        private readonly RuntimeFactory $runtimes,
    ) {
    }

    public function read(
        BenchConfig $config,
        ScenarioRuns $runs,
        MachineLoad $before,
        RoundPlan $roundPlan,
        ?string $workerPlacement,
    ): Environment {
        $during = MachineLoad::over(...$runs->conditions())?->withLoadAverage($this->meter->loadAverage());

        $status = null;
        foreach ($runs->all() as $run) {
            $status ??= $run->record->opcacheStatus();
        }
        $php = $this->runtimes->php();

        return new Environment(
            phpSetup: new PhpSetup(
                version: $status->php ?? \PHP_VERSION,
                opcache: OpcacheSettings::reported($status),
                ini: $php->settings->describe(),
                // As the workers themselves report it, not as configured.
                user: $status->user ?? $php->user,
            ),
            machine: new Machine(
                cores: Cpu::cores(),
                cpuModel: $this->meter->cpuModel(),
                governor: $this->meter->governor(),
                before: $before,
                during: $during,
            ),
            workers: $config->serve->runtime->workersLine($config->serve->workers),
            loadTool: new LoadTool(name: $config->load->tool->name(), settings: $config->load->describe()),
            roundPlan: $roundPlan,
            urls: $config->pages,
            project: basename($config->serve->projectRoot),
            note: Environment::NOTE,
            workerPlacement: $workerPlacement,
        );
    }
}
