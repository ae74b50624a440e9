<?php

declare(strict_types=1);

namespace Preheat\Report\Json;

use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Result\Environment;
use Preheat\Bench\Result\MachineLoad;
use Preheat\Bench\Result\OpcacheSettings;
use Preheat\Bench\Result\RunConditions;
use Preheat\Bench\Scenario\ScenarioLayers;

/**
 * The public JSON of a bench's parts (report.json, documented in doc/bench-report.md): the environment, the
 * machine's load, each run's figures and a ladder rung's layers.
 */
final class BenchJson
{
    /** @return array<string, mixed> the report's "environment", keys in the documented order */
    public static function environment(Environment $environment): array
    {
        $php = $environment->phpSetup;
        $machine = $environment->machine;
        $served = null === $php->ini ? [] : ['phpIni' => $php->ini, 'user' => $php->user];

        return array_filter(['project' => $environment->project], static fn (?string $v): bool => null !== $v)
            + ['php' => $php->version]
            + $served
            + [
                'opcache' => self::opcache($php->opcache),
                'cores' => $machine->cores,
                'cpuModel' => $machine->cpuModel,
                'governor' => $machine->governor,
                'workers' => $environment->workers,
                'tool' => $environment->loadTool->name,
                'toolSettings' => $environment->loadTool->settings,
                'rounds' => $environment->roundPlan->rounds,
                'schedule' => $environment->roundPlan->schedule->value,
                'workerPlacement' => $environment->workerPlacement,
                'restartEvery' => $environment->roundPlan->restartEvery,
                'duration' => $environment->roundPlan->duration,
                'warmup' => $environment->roundPlan->warmup,
                'urls' => $environment->urls,
                'machineBefore' => null === $machine->before ? null : self::machineLoad($machine->before),
                'machineDuring' => null === $machine->during ? null : self::machineLoad($machine->during),
            ]
            + (null === $environment->note ? [] : ['note' => $environment->note]);
    }

    /**
     * The settings known, by their ini names, in this order (an empty list when none is known).
     *
     * @return array<string, string>
     */
    private static function opcache(OpcacheSettings $settings): array
    {
        return array_filter([
            'memory_consumption' => $settings->memoryConsumption,
            'interned_strings_buffer' => $settings->internedStringsBuffer,
            'max_accelerated_files' => $settings->maxAcceleratedFiles,
            'validate_timestamps' => $settings->validateTimestamps,
            'jit' => $settings->jit,
        ], static fn (?string $value): bool => null !== $value);
    }

    /** @return array{opcache: string, autoload: string, runtime: ?string} what a ladder rung changes */
    public static function layers(ScenarioLayers $layers): array
    {
        return [
            'opcache' => $layers->opcache->value,
            'autoload' => $layers->autoload->value,
            'runtime' => $layers->runtime?->name(),
        ];
    }

    /** @return array<string, mixed> */
    public static function machineLoad(MachineLoad $load): array
    {
        return [
            'loadAverage' => $load->loadAverage,
            'stealShare' => null === $load->stealShare ? null : round($load->stealShare, 4),
            'otherLoadShare' => null === $load->otherShare ? null : round($load->otherShare, 4),
            'toolCpuShare' => null === $load->toolShare ? null : round($load->toolShare, 4),
        ];
    }

    /** @return array<string, float|null> the machine during one run */
    public static function runConditions(RunConditions $run): array
    {
        $capacity = $run->capacitySeconds();
        $other = $run->otherSeconds();

        return [
            'wallSeconds' => round($run->wallSeconds, 4),
            'stealShare' => $capacity > 0 ? round($run->stealSeconds / $capacity, 4) : null,
            'otherLoadShare' => $capacity > 0 && null !== $other ? round($other / $capacity, 4) : null,
            'serverCpuSeconds' => null === $run->serverCpuSeconds ? null : round($run->serverCpuSeconds, 3),
            'loadAverage' => $run->loadAverage,
            'neighbourCpuSeconds' => round($run->neighbourSeconds, 3),
        ];
    }

    /** @return array<string, mixed> one run's figures */
    public static function loadResult(LoadResult $run): array
    {
        $served = $run->phpRequestsServed();

        return [
            'tool' => $run->tool,
            'requests' => $run->requests,
            'seconds' => round($run->seconds, 4),
            'requestsPerSecond' => round($run->requestsPerSecond(), 3),
            'timePerRequestMs' => round($run->timePerRequestMs(), 4),
            'latencyMs' => null === $run->latency->p50Ms ? null : [
                'mean' => round((float) $run->latency->meanMs, 4),
                'p50' => round($run->latency->p50Ms, 4),
                'p90' => round((float) $run->latency->p90Ms, 4),
                'p99' => round((float) $run->latency->p99Ms, 4),
            ],
            'non2xx' => $run->failures->non2xx,
            'socketErrors' => $run->failures->socketErrors,
            'timeouts' => $run->failures->timeouts,
            'toolCpuSeconds' => null === $run->toolCpuSeconds ? null : round($run->toolCpuSeconds, 3),
            'phpCpuSeconds' => null === $run->phpCpuSeconds ? null : round($run->phpCpuSeconds, 3),
            'phpRequests' => $run->phpRequests,
            'cpuPerRequestMs' => null === $run->phpCpuSeconds || $served <= 0
                ? null
                : round($run->phpCpuSeconds * 1000 / $served, 4),
            'instructions' => $run->instructions?->total,
            // Each page's median and fewest request, averaged over the pages: a chore on one request moves neither.
            'instructionsMedianPerRequest' => $run->instructions?->medianPerRequest,
            'instructionsMinimumPerRequest' => $run->instructions?->minimumPerRequest,
            'valid' => $run->isValid(),
        ];
    }
}
