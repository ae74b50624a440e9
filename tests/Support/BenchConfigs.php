<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Config\BenchConfigLoader;
use Preheat\Bench\Config\GenerateScope;
use Preheat\Bench\Config\LoadConfig;
use Preheat\Bench\Config\RecordingSettings;
use Preheat\Bench\Config\StoppingSettings;
use Preheat\Bench\Config\UrlSpec;
use Preheat\Bench\Load\CgiLoadGenerator;
use Preheat\Bench\Load\Tool\LoadTools;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\Config\IntegerSettings;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Server\Binaries;
use Preheat\Server\Serve\RuntimeRegistry;
use Preheat\Server\Serve\ServeSettings;
use Preheat\Server\WorkerSettings;

/** A bench configuration for tests, its sections made from the few values a test sets. */
final class BenchConfigs
{
    /** The loader of preheat.json's bench section with the registries Preheat ships. */
    public static function loader(): BenchConfigLoader
    {
        return new BenchConfigLoader(RuntimeRegistry::standard(), LoadTools::standard(), Strategies::standard());
    }

    /**
     * @param list<UrlSpec>      $urls
     * @param list<ScenarioSpec> $scenarios
     */
    public static function make(
        string $app,
        array $urls,
        array $scenarios,
        int $rounds = StoppingSettings::DEFAULT_ROUNDS,
        float $duration = LoadConfig::DEFAULT_DURATION,
        float $warmup = LoadConfig::DEFAULT_WARMUP,
        float $precision = StoppingSettings::DEFAULT_PRECISION,
        float $maxTime = StoppingSettings::DEFAULT_MAX_TIME,
        ?string $schedule = null,
        ?int $restartEvery = null,
        int $workers = 4,
        int $concurrency = LoadConfig::DEFAULT_CONCURRENCY,
        ?int $cgiRequests = null,
        ?int $opcacheMemoryMb = null,
        float $requestTimeout = ServeSettings::DEFAULT_REQUEST_TIMEOUT,
        ?WorkerSettings $worker = null,
        string $tool = 'wrk',
        string $runtime = 'fpm',
    ): BenchConfig {
        $runtimes = RuntimeRegistry::standard();
        $tools = LoadTools::standard();
        $binaries = new Binaries(Binaries::common() + $runtimes->binaries() + $tools->binaries());
        $serve = new ServeSettings(
            $app,
            $app.'/public',
            $app.'/public/index.php',
            $runtimes->get($runtime) ?? throw new \LogicException('No runtime '.$runtime),
            $workers,
            $binaries,
            $worker ?? new WorkerSettings($app),
            null,
            $opcacheMemoryMb,
            $requestTimeout,
        );

        return new BenchConfig(
            $serve,
            new LoadConfig(
                $tools->get($tool) ?? throw new \LogicException('No tool '.$tool),
                $duration,
                $warmup,
                $concurrency,
                null === $cgiRequests
                    ? new IntegerSettings()
                    : (new IntegerSettings())->with(CgiLoadGenerator::requests(), $cgiRequests),
                schedule: $schedule,
                restartEvery: $restartEvery,
                requestTimeout: $requestTimeout,
            ),
            new StoppingSettings($rounds, $precision, $maxTime),
            new GenerateScope($app, [], [], $binaries->php()),
            new RecordingSettings(),
            $urls,
            $scenarios,
        );
    }
}
