<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\Bench\Ladder\Ladder;
use Preheat\Bench\Load\Tool\LoadTools;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\ConfigError;
use Preheat\Plan\Strategy\HotCriteria;
use Preheat\Plan\Strategy\MemorySize;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Server\Binaries;
use Preheat\Server\Serve\RuntimeRegistry;
use Preheat\Server\Serve\ServeSettings;
use Preheat\Server\WorkerSettings;
use Preheat\Setting;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;
use Preheat\Util\EchoedValue;
use Preheat\Worker\WorkerAdapter;

/**
 * Reads preheat.json (optional) and the command line into a BenchConfig. Every key is checked:
 * a typo gets a message naming the file, the key and the closest known one.
 */
final class BenchConfigLoader
{
    /** "$schema": the JSON schema an editor checks the file against (resources/preheat.schema.json), not read. */
    /** A configuration is a few kilobytes; a file of megabytes is not one. */
    public const MAX_BYTES = 1024 * 1024;

    private const TOP_KEYS = ['$schema', 'bench', 'generate'];
    private const BENCH_KEYS = [
        'documentRoot', 'frontController', 'urls', 'scenarios', 'rounds', 'duration', 'warmup', 'concurrency',
        'workers', 'tool', 'cgiRequests', 'masks', 'phpIni', 'opcacheMemory', 'timeout', 'binaries',
        'usage', 'hot', 'recordSeconds', 'recorderSample', 'runtime', 'precision', 'maxTime', 'ladder', 'worker',
        'callgrindRequests', 'callgrindWarmup', 'schedule', 'restartEvery',
    ];
    private const WORKER_KEYS = ['adapter', 'entry', 'maxRequests', 'maxBodyBytes'];
    private const HOT_KEYS = ['coverage', 'minShare', 'budget'];
    private const GENERATE_KEYS = ['paths', 'ignore'];
    private const URL_KEYS = ['path', 'expect'];
    /** The bench keys whose range Bound holds: checked in the file whether or not an option overrides them. */
    private const BOUNDED_KEYS = [
        Bound::Rounds, Bound::Duration, Bound::Warmup, Bound::Concurrency, Bound::Workers, Bound::CgiRequests,
        Bound::Timeout, Bound::RecordSeconds, Bound::RecorderSample, Bound::CallgrindRequests,
        Bound::CallgrindWarmup, Bound::OpcacheMemory, Bound::RestartEvery,
    ];

    public const DEFAULT_DOCUMENT_ROOT = 'public';
    public const DEFAULT_FRONT_CONTROLLER = 'index.php';

    private readonly RuntimeRegistry $runtimes;
    private readonly LoadTools $tools;
    private readonly Strategies $strategies;

    public function __construct(
        ?RuntimeRegistry $runtimes = null,
        ?LoadTools $tools = null,
        ?Strategies $strategies = null,
    ) {
        $this->runtimes = $runtimes ?? RuntimeRegistry::standard();
        $this->tools = $tools ?? LoadTools::standard();
        $this->strategies = $strategies ?? Strategies::standard();
    }

    /** The whole bench configuration: preheat.json's sections with the command line's values over them. */
    public function load(
        string $projectRoot,
        ?string $configFile,
        BenchOverrides $overrides = new BenchOverrides(),
    ): BenchConfig {
        [$root, $file, $data] = $this->read($projectRoot, $configFile);
        $bench = $this->section($file, $data, 'bench', self::BENCH_KEYS);
        $generate = $this->section($file, $data, 'generate', self::GENERATE_KEYS);
        $hot = $this->section($file, $bench, 'hot', self::HOT_KEYS, 'bench.');
        $this->checkRanges($file, $bench);
        $serve = $this->serveSection($root, $file, $bench, $overrides);

        // The file's pages and scenarios are checked even when an option overrides them, as checkRanges() does
        // for the counts: a wrong value in the file is wrong for the next run without the option.
        $fileUrls = $this->urls($file, $bench['urls'] ?? BenchConfig::DEFAULT_URLS);
        $fileScenarios = \array_key_exists('scenarios', $bench)
            ? $this->scenarios($file, $bench['scenarios'], $root)
            : null;
        $urls = [] !== $overrides->urls
            ? array_map(static fn (string $path): UrlSpec => new UrlSpec($path), $overrides->urls)
            : $fileUrls;
        $ladder = $overrides->ladder || true === $this->value(
            $file,
            $bench,
            'ladder',
            'bool',
            false,
        ) ? Ladder::standard() : null;
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
        $toolName = $given->tool ?? (string) $this->value(
            $file,
            $bench,
            'tool',
            'string',
            $this->tools->default()->name(),
        );
        $tool = $this->tools->get($toolName)
            ?? throw ConfigError::invalid('tool', $toolName, 'use one of '.implode(', ', $this->tools->names()));
        $optional = fn (string $key): ?int => null === ($v = $this->value(
            $file,
            $bench,
            $key,
            'integer',
            null,
        )) ? null : (int) $v;
        $schedule = $given->schedule ?? $this->value($file, $bench, 'schedule', 'string', null);

        return new BenchConfig(
            $serve,
            new LoadConfig(
                $tool,
                $given->duration ?? $this->number($file, $bench, 'duration', LoadConfig::DEFAULT_DURATION),
                $given->warmup ?? $this->number($file, $bench, 'warmup', LoadConfig::DEFAULT_WARMUP),
                $given->concurrency ?? $this->integer($file, $bench, 'concurrency', LoadConfig::DEFAULT_CONCURRENCY),
                $this->integer($file, $bench, 'cgiRequests', LoadConfig::DEFAULT_CGI_REQUESTS),
                $this->integer($file, $bench, 'callgrindRequests', LoadConfig::DEFAULT_CALLGRIND_REQUESTS),
                $this->integer($file, $bench, 'callgrindWarmup', LoadConfig::DEFAULT_CALLGRIND_WARMUP),
                null === $schedule ? null : (string) $schedule,
                $given->restartEvery ?? $optional('restartEvery'),
                $serve->requestTimeout,
            ),
            new StoppingSettings(
                $overrides->rounds ?? $this->integer($file, $bench, 'rounds', StoppingSettings::DEFAULT_ROUNDS),
                $overrides->precision ?? $this->precision($file, $bench),
                $overrides->maxTime ?? $this->duration($file, $bench, 'maxTime', StoppingSettings::DEFAULT_MAX_TIME),
            ),
            $this->scope($file, $generate, $serve->projectRoot, $serve->binaries->php()),
            new RecordingSettings(
                $this->usageStore($root, $this->value($file, $bench, 'usage', 'string', null), $overrides->store),
                $this->hotCriteria($file, $hot),
                $this->number($file, $bench, 'recordSeconds', RecordingSettings::DEFAULT_RECORD_SECONDS),
                $this->integer($file, $bench, 'recorderSample', RecordingSettings::DEFAULT_RECORDER_SAMPLE),
            ),
            $urls,
            $scenarios,
            $this->stringList($file, $bench, 'masks', 'bench.'),
            $ladder,
        );
    }

    /**
     * How to serve the app, alone: what `generate --strategy=trace` needs of preheat.json (or the file
     * --config names). The rest of the file is checked for unknown keys, not read.
     */
    public function serve(string $projectRoot, ?string $configFile): ServeSettings
    {
        [$root, $file, $data] = $this->read($projectRoot, $configFile);
        $bench = $this->section($file, $data, 'bench', self::BENCH_KEYS);
        $this->section($file, $data, 'generate', self::GENERATE_KEYS);
        $this->checkRanges($file, $bench);

        return $this->serveSection($root, $file, $bench, new BenchOverrides());
    }

    /**
     * preheat.json's "generate" section alone (what `generate` and `explain` scan and leave out), checked as
     * load() checks it; the bench settings are not read, so an app that is never benched needs none.
     */
    public function loadGenerate(string $projectRoot, string $phpBinary): GenerateScope
    {
        [$root, $file, $data] = $this->read($projectRoot, null);

        return $this->scope($file, $this->section($file, $data, 'generate', self::GENERATE_KEYS), $root, $phpBinary);
    }

    /**
     * What `generate` scans, as preheat.json's "generate" section says.
     *
     * @param array<string, mixed> $generate
     */
    private function scope(string $file, array $generate, string $projectRoot, string $phpBinary): GenerateScope
    {
        return new GenerateScope(
            $projectRoot,
            $this->stringList($file, $generate, 'paths', 'generate.'),
            $this->stringList($file, $generate, 'ignore', 'generate.'),
            $phpBinary,
        );
    }

    /** @return array{string, string, array<string, mixed>} the project root, the file, its contents */
    private function read(string $projectRoot, ?string $configFile): array
    {
        $root = realpath($projectRoot);
        if (false === $root || !is_dir($root)) {
            throw ConfigError::invalid('project directory', $projectRoot, 'it does not exist', Setting::Project);
        }
        $file = $configFile ?? $root.'/preheat.json';
        $data = [];
        // file_exists, not is_file: a preheat.json that is a directory is a mistake to name, not a file to ignore.
        if (null !== $configFile || file_exists($file)) {
            $data = $this->readJson($file);
        }
        $this->checkKeys($file, $data, self::TOP_KEYS, '');
        $this->value($file, $data, '$schema', 'string', null, '');

        return [$root, $file, $data];
    }

    /** @param array<string, mixed> $bench */
    private function serveSection(string $root, string $file, array $bench, BenchOverrides $overrides): ServeSettings
    {
        $binaryDefaults = Binaries::common() + $this->runtimes->binaries() + $this->tools->binaries();
        $binaries = $this->section($file, $bench, 'binaries', array_keys($binaryDefaults), 'bench.');
        $worker = $this->section($file, $bench, 'worker', self::WORKER_KEYS, 'bench.');
        $documentRoot = $this->directory(
            $root,
            (string) $this->value($file, $bench, 'documentRoot', 'string', self::DEFAULT_DOCUMENT_ROOT),
            'bench.documentRoot',
        );
        $frontController = $documentRoot.'/'.ltrim(
            (string) $this->value($file, $bench, 'frontController', 'string', self::DEFAULT_FRONT_CONTROLLER),
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
        $runtimeName = $overrides->runtime ?? (string) $this->value(
            $file,
            $bench,
            'runtime',
            'string',
            $this->runtimes->default()->name(),
        );
        $runtime = $this->runtimes->get($runtimeName);
        if (null === $runtime) {
            $known = implode(', ', $this->runtimes->names());
            $error = ConfigError::invalid(
                'runtime',
                $runtimeName,
                'use one of '.$known.' (php-cgi without a web server is the load tool cgi)',
            );
            throw $error;
        }
        $paths = [];
        foreach ($binaryDefaults as $key => $default) {
            $paths[$key] = (string) $this->value($file, $binaries, $key, 'string', $default, 'bench.binaries.');
        }
        $serve = new ServeSettings(
            $root,
            $documentRoot,
            $frontController,
            $runtime,
            $overrides->workers ?? $this->integer($file, $bench, 'workers', $runtime->defaultWorkers()),
            null === $overrides->php ? new Binaries($paths) : (new Binaries($paths))->with(
                Binaries::PHP,
                $overrides->php,
            ),
            $this->worker($file, $root, $worker),
            $this->optionalFile($root, $this->value($file, $bench, 'phpIni', 'string', null), 'bench.phpIni'),
            null === ($memory = $this->value($file, $bench, 'opcacheMemory', 'integer', null)) ? null : (int) $memory,
            $this->number($file, $bench, 'timeout', ServeSettings::DEFAULT_REQUEST_TIMEOUT),
        );
        Bound::Workers->checkMinimum($serve->workers);
        Bound::Timeout->checkMinimum($serve->requestTimeout);

        return $serve;
    }

    /** @param array<mixed> $data */
    private function integer(string $file, array $data, string $key, int $default): int
    {
        return (int) $this->value($file, $data, $key, 'integer', $default);
    }

    /** @param array<string, mixed> $worker */
    private function worker(string $file, string $root, array $worker): WorkerSettings
    {
        $maxRequests = (int) $this->value($file, $worker, 'maxRequests', 'integer', 0, 'bench.worker.');
        $maxBody = (int) $this->value(
            $file,
            $worker,
            'maxBodyBytes',
            'integer',
            WorkerSettings::DEFAULT_MAX_BODY_BYTES,
            'bench.worker.',
        );
        Bound::WorkerMaxRequests->checkInFile($file, $maxRequests);
        Bound::WorkerMaxBodyBytes->checkInFile($file, $maxBody);
        $adapter = $this->value($file, $worker, 'adapter', 'string', null, 'bench.worker.');
        $known = null === $adapter ? null : WorkerAdapter::tryFrom((string) $adapter);
        if (null !== $adapter && null === $known) {
            $error = ConfigError::invalid(
                $file.' key bench.worker.adapter',
                $adapter,
                'use one of '.WorkerAdapter::names().', or leave it out to have it told from the app',
            );
            throw $error;
        }
        $entry = $this->value($file, $worker, 'entry', 'string', null, 'bench.worker.');

        return new WorkerSettings(
            $root,
            $known,
            null === $entry ? null : (string) $entry,
            $maxRequests,
            $maxBody,
        );
    }

    /** @return array<string, mixed> */
    private function readJson(string $file): array
    {
        if (is_dir($file)) {
            $error = ConfigError::unreadable(
                $file,
                'it is a directory, not a JSON file: move it away, or name the file',
                Setting::Config,
            );
            throw $error;
        }
        if (!is_file($file)) {
            throw ConfigError::unreadable($file, 'no such file', Setting::Config);
        }
        try {
            $text = BoundedRead::file($file, self::MAX_BYTES);
        } catch (BoundedReadError $error) {
            throw ConfigError::unreadable(
                $file,
                $error->isTooLarge()
                    ? $error->reason.', far more than a configuration: check that it is the right file'
                    : $error->reason,
            );
        }
        try {
            // Decoded to objects first: as arrays, `[]` and `{}` look the same, and a list is no configuration.
            $raw = json_decode($text, false, BoundedRead::DEPTH, \JSON_THROW_ON_ERROR);
            $data = json_decode($text, true, BoundedRead::DEPTH, \JSON_THROW_ON_ERROR);
        } catch (\JsonException $error) {
            // PHP names no place: the file is read again, by the grammar, only now that it failed.
            $syntax = JsonSyntaxError::locate($text);
            throw ConfigError::unreadable(
                $file,
                null === $syntax ? 'invalid JSON: '.$error->getMessage() : 'invalid JSON at '.$syntax->describe(),
            );
        }
        if (!$raw instanceof \stdClass || !\is_array($data)) {
            $error = ConfigError::unreadable(
                $file,
                \sprintf(
                    'the top level is %s, not an object: write {"bench": {...}, "generate": {...}}, or {} for the'
                    .' defaults',
                    self::jsonKind($raw),
                ),
            );
            throw $error;
        }
        $duplicate = DuplicateKey::find($text);
        if (null !== $duplicate) {
            $error = ConfigError::unreadable($file, \sprintf(
                'the key "%s" is given twice (line %d and line %d), and JSON keeps only the last of them without'
                .' a word: remove the one you do not mean',
                EchoedValue::cut($duplicate->path),
                $duplicate->first,
                $duplicate->again,
            ));
            throw $error;
        }

        return $data;
    }

    private static function jsonKind(mixed $value): string
    {
        return match (true) {
            \is_array($value) => [] === $value ? 'an empty list' : 'a list',
            \is_string($value) => 'a string',
            \is_int($value), \is_float($value) => 'a number',
            \is_bool($value) => 'true or false',
            null === $value => 'null',
            default => 'an object',
        };
    }

    /**
     * Every count and length of time preheat.json gives, checked against its range whether or not the
     * command line overrides it: a wrong value in the file is wrong for the next run without the option.
     *
     * @param array<string, mixed> $bench
     */
    private function checkRanges(string $file, array $bench): void
    {
        // The settings an option may override are read here too, so that their type is checked either way.
        foreach (['runtime', 'tool', 'schedule'] as $key) {
            $this->value($file, $bench, $key, 'string', null);
        }
        $this->precision($file, $bench);
        $this->duration($file, $bench, 'maxTime', StoppingSettings::DEFAULT_MAX_TIME);
        foreach (self::BOUNDED_KEYS as $bound) {
            if (\array_key_exists($bound->value, $bench)) {
                $bound->checkInFile($file, $bound->isInteger()
                    ? (int) $this->value($file, $bench, $bound->value, 'integer', null)
                    : $this->number($file, $bench, $bound->value, 0.0));
            }
        }
    }

    /**
     * @param array<mixed> $data
     * @param list<string> $known
     */
    private function checkKeys(string $file, array $data, array $known, string $prefix): void
    {
        foreach (array_keys($data) as $key) {
            if (!\in_array($key, $known, true)) {
                $error = ConfigError::unknownKey(
                    $file,
                    $prefix.$key,
                    array_map(static fn (string $k): string => $prefix.$k, $known),
                );
                throw $error;
            }
        }
    }

    /**
     * @param array<mixed> $data
     * @param list<string> $known
     *
     * @return array<string, mixed>
     */
    private function section(string $file, array $data, string $key, array $known, string $prefix = ''): array
    {
        $section = $data[$key] ?? [];
        if (!\is_array($section) || (array_is_list($section) && [] !== $section)) {
            throw ConfigError::invalid($file.' key '.$prefix.$key, $section, 'expected an object');
        }
        $this->checkKeys($file, $section, $known, $prefix.$key.'.');

        return $section;
    }

    /** @param array<mixed> $data */
    private function value(
        string $file,
        array $data,
        string $key,
        string $type,
        mixed $default,
        string $prefix = 'bench.',
    ): mixed {
        if (!\array_key_exists($key, $data)) {
            return $default;
        }
        if (get_debug_type($data[$key]) !== ('integer' === $type ? 'int' : $type)) {
            throw ConfigError::invalid($file.' key '.$prefix.$key, $data[$key], 'expected '.match ($type) {
                'integer' => 'a whole number', 'bool' => 'true or false', default => 'a '.$type,
            });
        }

        return $data[$key];
    }

    /** @param array<mixed> $data */
    private function number(string $file, array $data, string $key, float $default, string $prefix = 'bench.'): float
    {
        if (!\array_key_exists($key, $data)) {
            return $default;
        }
        if (!\is_int($data[$key]) && !\is_float($data[$key])) {
            throw ConfigError::invalid($file.' key '.$prefix.$key, $data[$key], 'expected a number of seconds');
        }

        return (float) $data[$key];
    }

    /** @param array<mixed> $data */
    private function precision(string $file, array $data): float
    {
        if (!\array_key_exists('precision', $data)) {
            return StoppingSettings::DEFAULT_PRECISION;
        }
        if ((!\is_int($data['precision']) && !\is_float($data['precision'])) || $data['precision'] <= 0) {
            $error = ConfigError::invalid(
                $file.' key bench.precision',
                $data['precision'],
                'expected a number of points above 0, e.g. 2 for ±2 %',
            );
            throw $error;
        }

        return (float) $data['precision'];
    }

    /**
     * A length of time: a number of seconds, or text such as "240s", "4m", "1m30s".
     *
     * @param array<mixed> $data
     */
    private function duration(string $file, array $data, string $key, float $default): float
    {
        if (!\array_key_exists($key, $data)) {
            return $default;
        }
        $value = $data[$key];
        $seconds = match (true) {
            \is_int($value), \is_float($value) => (float) $value,
            \is_string($value) => Duration::seconds($value),
            default => null,
        };
        if (null === $seconds || $seconds < 0) {
            $error = ConfigError::invalid(
                $file.' key bench.'.$key,
                $value,
                'expected seconds or a duration such as "240s", "4m" or "1m30s" (0 or more)',
            );
            throw $error;
        }

        return $seconds;
    }

    /**
     * @param array<mixed> $data
     *
     * @return list<string>
     */
    private function stringList(string $file, array $data, string $key, string $prefix): array
    {
        $list = $data[$key] ?? [];
        if (!\is_array($list) || !array_is_list($list) || [] !== array_filter(
            $list,
            static fn ($v): bool => !\is_string($v),
        )) {
            throw ConfigError::invalid($file.' key '.$prefix.$key, $list, 'expected a list of strings');
        }

        return $list;
    }

    /** @return list<UrlSpec> */
    private function urls(string $file, mixed $urls): array
    {
        if (!\is_array($urls) || [] === $urls || !array_is_list($urls)) {
            $error = ConfigError::invalid(
                $file.' key bench.urls',
                $urls,
                'expected a list of paths or {"path": "/", "expect": "text"} objects',
            );
            throw $error;
        }

        return array_map(function (mixed $url) use ($file): UrlSpec {
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
            $this->checkKeys($file, $url, self::URL_KEYS, 'bench.urls[].');
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

    /** @param array<string, mixed> $hot */
    private function hotCriteria(string $file, array $hot): HotCriteria
    {
        $budget = $this->value($file, $hot, 'budget', 'string', null, 'bench.hot.');
        try {
            // Checks the ranges now rather than in the middle of a run.
            return HotCriteria::orDefaults(
                \array_key_exists('coverage', $hot) ? $this->number($file, $hot, 'coverage', 0.0, 'bench.hot.') : null,
                \array_key_exists('minShare', $hot) ? $this->number($file, $hot, 'minShare', 0.0, 'bench.hot.') : null,
                null === $budget ? null : MemorySize::parse((string) $budget),
            );
        } catch (\InvalidArgumentException $error) {
            throw ConfigError::invalid($file.' key bench.hot', $hot, $error->getMessage());
        }
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
