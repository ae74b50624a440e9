<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\Bench\Ladder\Ladder;
use Preheat\Bench\Load\LoadTool;
use Preheat\Bench\Load\Schedule;
use Preheat\Bench\Load\Tool\LoadTools;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\Config\Bound;
use Preheat\Config\Choice;
use Preheat\Config\Choices;
use Preheat\Config\ConfigKey;
use Preheat\Config\ConfigKeys;
use Preheat\Config\ConfigSection;
use Preheat\Config\GenerateSection;
use Preheat\Config\IntegerSetting;
use Preheat\Config\IntegerSettings;
use Preheat\Config\PreheatJson;
use Preheat\Config\PreheatJsonSchema;
use Preheat\ConfigError;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Server\Binaries;
use Preheat\Server\Serve\RuntimeRegistry;
use Preheat\Server\Serve\ServeSettings;
use Preheat\Server\WorkerSettings;
use Preheat\Setting;
use Preheat\Util\EchoedValue;
use Preheat\Util\NamedRegistry;
use Preheat\Worker\WorkerAdapter;

/**
 * preheat.json's bench section (read by PreheatJson, its keys checked against ConfigKeys) and the command line
 * into a BenchConfig: the values the registries name are checked here, against the registries.
 */
final class BenchConfigLoader
{
    public const DEFAULT_DOCUMENT_ROOT = 'public';
    public const DEFAULT_FRONT_CONTROLLER = 'index.php';

    public function __construct(
        private readonly RuntimeRegistry $runtimes,
        private readonly LoadTools $tools,
        private readonly Strategies $strategies,
    ) {
    }

    /** The names preheat.json's choices take, read from the registries: the schema's enums. */
    public function choices(): Choices
    {
        return new Choices([
            Choice::Runtime->value => $this->runtimes->names(),
            Choice::LoadTool->value => $this->tools->names(),
            Choice::Schedule->value => Schedule::names(),
            Choice::WorkerAdapter->value => array_map(
                static fn (WorkerAdapter $adapter): string => $adapter->value,
                WorkerAdapter::cases(),
            ),
            Choice::BinaryRole->value => array_keys($this->binaryDefaults()),
        ]);
    }

    /** preheat.json's schema, with these registries' names and the keys their extensions declare. */
    public function schema(): PreheatJsonSchema
    {
        return new PreheatJsonSchema($this->choices(), $this->declaredKeys());
    }

    /** @return list<ConfigKey> the keys under bench the load tools declare for their own settings */
    private function declaredKeys(): array
    {
        $shared = ConfigKeys::under('bench');

        return array_map(static function (IntegerSetting $setting) use ($shared): ConfigKey {
            if (\in_array($setting->key, $shared, true)) {
                $message = \sprintf('A load tool declares bench.%s, a key of every run.', $setting->key);
                throw new \LogicException($message);
            }

            return $setting->configKey();
        }, $this->tools->settings());
    }

    /** The whole bench configuration: preheat.json's sections with the command line's values over them. */
    public function load(
        string $projectRoot,
        ?string $configFile,
        BenchOverrides $overrides = new BenchOverrides(),
    ): BenchConfig {
        $config = PreheatJson::read($projectRoot, $configFile);
        [$root, $file] = [$config->root, $config->file];
        $bench = $config->bench($this->declaredKeys());
        $generate = $config->generate();
        $usage = $config->usage();
        $this->checkRanges($bench);
        $serve = $this->serveSection($root, $bench, $overrides);

        // The file's pages and scenarios are checked even when an option overrides them, as checkRanges() does
        // for the counts: a wrong value in the file is wrong for the next run without the option.
        $fileUrls = $this->urls($bench, $bench->raw('urls', BenchConfig::DEFAULT_URLS));
        $fileScenarios = $bench->has('scenarios')
            ? $this->scenarios($file, $bench->raw('scenarios'), $root)
            : null;
        $urls = [] !== $overrides->urls
            ? array_map(static fn (string $path): UrlSpec => new UrlSpec($path), $overrides->urls)
            : $fileUrls;
        $ladder = $overrides->ladder || $bench->bool('ladder', false) ? Ladder::standard() : null;
        if (null !== $ladder && [] !== $overrides->scenarios) {
            $error = ConfigError::invalid(
                'scenarios',
                implode(' ', $overrides->scenarios),
                'the ladder runs its own scenarios (its rungs): give either the ladder or scenarios',
                Setting::Scenarios,
            );
            throw $error;
        }
        $scenarios = match (true) {
            null !== $ladder => $ladder->scenarios(),
            [] !== $overrides->scenarios => array_map(
                fn (string $option): ScenarioSpec => ScenarioSpec::fromOption(
                    $option,
                    (string) getcwd(),
                    $this->strategies,
                ),
                $overrides->scenarios,
            ),
            default => $fileScenarios ?? $this->scenarios($file, BenchConfig::DEFAULT_SCENARIOS, $root),
        };
        $given = $overrides->load;
        $toolName = $given->tool ?? $bench->string('tool', $this->tools->default()->name());
        $tool = $this->tools->get($toolName)
            ?? throw ConfigError::invalid('tool', $toolName, 'use one of '.implode(', ', $this->tools->names()));

        return new BenchConfig(
            $serve,
            new LoadConfig(
                $tool,
                $given->duration ?? $bench->number('duration', LoadConfig::DEFAULT_DURATION),
                $given->warmup ?? $bench->number('warmup', LoadConfig::DEFAULT_WARMUP),
                $given->concurrency ?? $bench->integer('concurrency', LoadConfig::DEFAULT_CONCURRENCY),
                $this->toolSettings($bench, $given),
                $given->schedule ?? $bench->optionalString('schedule'),
                $given->restartEvery ?? $bench->optionalInteger('restartEvery'),
                $serve->requestTimeout,
            ),
            new StoppingSettings(
                $overrides->stopping->rounds ?? $bench->integer('rounds', StoppingSettings::DEFAULT_ROUNDS),
                $overrides->stopping->precision ?? $bench->precision('precision', StoppingSettings::DEFAULT_PRECISION),
                $overrides->stopping->maxTime ?? $bench->duration('maxTime', StoppingSettings::DEFAULT_MAX_TIME),
            ),
            self::scope($generate, $serve->projectRoot, $serve->binaries->php()),
            new RecordingSettings(
                $this->usageStore($root, $usage->store, $overrides->store),
                $usage->hot,
                $bench->number('recordSeconds', RecordingSettings::DEFAULT_RECORD_SECONDS),
                $bench->integer('recorderSample', RecordingSettings::DEFAULT_RECORDER_SAMPLE),
            ),
            $urls,
            $scenarios,
            $bench->stringList('masks'),
            $ladder,
        );
    }

    /**
     * How to serve the app, alone: what `generate --strategy=trace` needs of preheat.json (or the file
     * --config names). The rest of the file is checked for unknown keys, not read.
     */
    public function serve(string $projectRoot, ?string $configFile): ServeSettings
    {
        $config = PreheatJson::read($projectRoot, $configFile);
        $bench = $config->bench($this->declaredKeys());
        $config->generate();
        $this->checkRanges($bench);

        return $this->serveSection($config->root, $bench, new BenchOverrides());
    }

    /** What `generate` scans, as preheat.json's "generate" section says. */
    private static function scope(GenerateSection $generate, string $projectRoot, string $phpBinary): GenerateScope
    {
        return new GenerateScope($projectRoot, $generate->paths, $generate->ignore, $phpBinary);
    }

    /** @return array<string, string> the default path of every binary the servers and load tools run */
    private function binaryDefaults(): array
    {
        return Binaries::common() + $this->runtimes->binaries() + $this->tools->binaries();
    }

    private function serveSection(string $root, ConfigSection $bench, BenchOverrides $overrides): ServeSettings
    {
        $binaryDefaults = $this->binaryDefaults();
        $binaries = $bench->section('binaries', array_keys($binaryDefaults));
        $worker = $bench->section('worker');
        $documentRoot = $this->directory(
            $root,
            $bench->string('documentRoot', self::DEFAULT_DOCUMENT_ROOT),
            'bench.documentRoot',
        );
        $frontController = $documentRoot.'/'.ltrim(
            $bench->string('frontController', self::DEFAULT_FRONT_CONTROLLER),
            '/',
        );
        if (!is_file($frontController)) {
            $error = ConfigError::invalid(
                'front controller',
                $frontController,
                'no such file: set "frontController" (relative to documentRoot) in preheat.json',
            );
            throw $error;
        }
        $runtimeName = $overrides->serve->runtime ?? $bench->string('runtime', $this->runtimes->default()->name());
        $runtime = $this->runtimes->get($runtimeName);
        if (null === $runtime) {
            $known = implode(', ', $this->runtimes->names());
            $error = ConfigError::invalid(
                'runtime',
                $runtimeName,
                \sprintf('use one of %s%s', $known, $this->inProcessTools()),
            );
            throw $error;
        }
        $paths = [];
        foreach ($binaryDefaults as $key => $default) {
            $paths[$key] = $binaries->string($key, $default);
        }
        $serve = new ServeSettings(
            $root,
            $documentRoot,
            $frontController,
            $runtime,
            $overrides->serve->workers ?? $bench->integer('workers', $runtime->defaultWorkers()),
            null === $overrides->serve->php ? new Binaries($paths) : (new Binaries($paths))->with(
                Binaries::PHP,
                $overrides->serve->php,
            ),
            $this->worker($root, $worker),
            $this->optionalFile($root, $bench->optionalString('phpIni'), 'bench.phpIni'),
            $bench->optionalInteger('opcacheMemory'),
            $bench->number('timeout', ServeSettings::DEFAULT_REQUEST_TIMEOUT),
        );
        Bound::Workers->checkMinimum($serve->workers);
        Bound::Timeout->checkMinimum($serve->requestTimeout);

        return $serve;
    }

    /** For the message about an unknown runtime: the load tools that run PHP without a web server, if any. */
    private function inProcessTools(): string
    {
        $names = array_map(
            static fn (LoadTool $tool): string => $tool->name(),
            array_filter($this->tools->all(), static fn (LoadTool $tool): bool => $tool->runsPhp()),
        );

        return [] === $names ? '' : \sprintf(
            ' (PHP without a web server is the load tool %s)',
            NamedRegistry::phrase(array_values($names)),
        );
    }

    private function worker(string $root, ConfigSection $worker): WorkerSettings
    {
        $file = $worker->file;
        $maxRequests = $worker->integer('maxRequests', 0);
        $maxBody = $worker->integer('maxBodyBytes', WorkerSettings::DEFAULT_MAX_BODY_BYTES);
        Bound::WorkerMaxRequests->checkInFile($file, $maxRequests);
        Bound::WorkerMaxBodyBytes->checkInFile($file, $maxBody);
        $adapter = $worker->optionalString('adapter');
        $known = null === $adapter ? null : WorkerAdapter::tryFrom($adapter);
        if (null !== $adapter && null === $known) {
            $error = ConfigError::invalid(
                $file.' key bench.worker.adapter',
                $adapter,
                'use one of '.WorkerAdapter::names().', or leave it out to have it told from the app',
            );
            throw $error;
        }

        return new WorkerSettings($root, $known, $worker->optionalString('entry'), $maxRequests, $maxBody);
    }

    /**
     * Every count and length of time preheat.json gives, checked against its range whether or not the
     * command line overrides it: a wrong value in the file is wrong for the next run without the option.
     */
    private function checkRanges(ConfigSection $bench): void
    {
        // The settings an option may override are read here too, so that their type is checked either way.
        foreach (['runtime', 'tool', 'schedule'] as $key) {
            $bench->optionalString($key);
        }
        $bench->precision('precision', StoppingSettings::DEFAULT_PRECISION);
        $bench->duration('maxTime', StoppingSettings::DEFAULT_MAX_TIME);
        foreach (ConfigKeys::benchBounds() as $bound) {
            if ($bench->has($bound->value)) {
                $bound->checkInFile($bench->file, $bound->isInteger()
                    ? $bench->integer($bound->value, 0)
                    : $bench->number($bound->value, 0.0));
            }
        }
        foreach ($this->tools->settings() as $setting) {
            if ($bench->has($setting->key)) {
                $setting->checkInFile($bench->file, $bench->integer($setting->key, $setting->default));
            }
        }
    }

    /** The tools' own settings: the option's value over the file's, else the default. */
    private function toolSettings(ConfigSection $bench, LoadOverrides $given): IntegerSettings
    {
        $values = new IntegerSettings();
        foreach ($this->tools->settings() as $setting) {
            $value = $given->toolSettings[$setting->key] ?? $bench->integer($setting->key, $setting->default);
            $values = $values->with($setting, $value);
        }

        return $values;
    }

    /** @return list<UrlSpec> */
    private function urls(ConfigSection $bench, mixed $urls): array
    {
        $file = $bench->file;
        if (!\is_array($urls) || [] === $urls || !array_is_list($urls)) {
            $error = ConfigError::invalid(
                $file.' key bench.urls',
                $urls,
                'expected a list of paths or {"path": "/", "expect": "text"} objects',
            );
            throw $error;
        }

        return array_map(static function (mixed $url) use ($bench, $file): UrlSpec {
            if (\is_string($url)) {
                return new UrlSpec($url);
            }
            if (!\is_array($url) || !\is_string($url['path'] ?? null)) {
                $error = ConfigError::invalid(
                    $file.' key bench.urls',
                    $url,
                    'each entry is a path or {"path": "/", "expect": "text"}',
                );
                throw $error;
            }
            $bench->checkKeys(ConfigKeys::under('bench.urls[]'), $url, 'bench.urls[]');
            $expect = $url['expect'] ?? null;
            if (null !== $expect && !\is_string($expect)) {
                $error = ConfigError::invalid(
                    $file.' key bench.urls[].expect',
                    $expect,
                    'expected a string the body must contain',
                );
                throw $error;
            }

            return new UrlSpec($url['path'], $expect);
        }, $urls);
    }

    /** @return list<ScenarioSpec> */
    private function scenarios(string $file, mixed $scenarios, string $root): array
    {
        if (!\is_array($scenarios) || array_is_list($scenarios)) { // an empty array is a list too
            $error = ConfigError::invalid(
                $file.' key bench.scenarios',
                $scenarios,
                'expected an object of NAME: SPEC, e.g. {"none": "none", "all": "all"}',
            );
            throw $error;
        }
        $list = [];
        foreach ($scenarios as $name => $spec) {
            if (!\is_string($spec)) {
                $error = ConfigError::invalid(
                    $file.' key bench.scenarios.'.EchoedValue::cut((string) $name),
                    $spec,
                    'expected "none", "all" or a preload script path',
                );
                throw $error;
            }
            $list[] = ScenarioSpec::parse((string) $name, $spec, $root, $this->strategies);
        }

        return $list;
    }

    /**
     * The command line's store over the file's (checked all the same): a path given on the command line is relative
     * to the working directory, as generate's --store, one in the file to the project; a redis:// store is kept.
     */
    private function usageStore(string $root, mixed $dsn, ?string $given): ?string
    {
        if (null !== $given) {
            [$root, $dsn] = [(string) getcwd(), $given];
        }
        if (null === $dsn || str_contains((string) $dsn, '://')) {
            return null === $dsn ? null : (string) $dsn;
        }

        return str_starts_with((string) $dsn, '/') ? (string) $dsn : $root.'/'.$dsn;
    }

    private function directory(string $root, string $path, string $setting): string
    {
        $real = realpath(str_starts_with($path, '/') ? $path : $root.'/'.$path);
        if (false === $real || !is_dir($real)) {
            throw ConfigError::invalid($setting, $path, 'no such directory under '.$root);
        }

        return $real;
    }

    private function optionalFile(string $root, mixed $path, string $setting): ?string
    {
        if (null === $path) {
            return null;
        }
        $real = realpath(str_starts_with((string) $path, '/') ? (string) $path : $root.'/'.$path);
        if (false === $real || !is_file($real)) {
            throw ConfigError::invalid($setting, $path, 'no such file');
        }

        return $real;
    }
}
