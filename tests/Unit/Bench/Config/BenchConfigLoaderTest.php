<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Config;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Config\BenchOverrides;
use Preheat\Bench\Config\LoadConfig;
use Preheat\Bench\Config\LoadOverrides;
use Preheat\Bench\Config\ServeOverrides;
use Preheat\Bench\Config\StoppingOverrides;
use Preheat\Bench\Load\CallgrindLoadGenerator;
use Preheat\ConfigError;
use Preheat\Plan\Strategy\HotCriteria;
use Preheat\Server\NginxFpm\NginxFpmKind;
use Preheat\Tests\Support\BenchConfigs;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Util\Cpu;
use Preheat\Worker\WorkerAdapter;

final class BenchConfigLoaderTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        mkdir($this->directory->path.'/public');
        file_put_contents($this->directory->path.'/public/index.php', "<?php echo 'hi';\n");
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testDefaultsWithoutAConfigFile(): void
    {
        $config = BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));

        self::assertSame(['none', 'all'], array_map(static fn ($s): string => $s->name, $config->scenarios));
        self::assertSame('/', $config->urls[0]->path);
        self::assertSame(5, $config->stopping->rounds);
        self::assertSame(2.0, $config->stopping->precision);
        self::assertSame(240.0, $config->stopping->maxTime);
        self::assertSame('wrk', $config->load->tool->name());
        self::assertSame('fpm', $config->serve->runtime->name());
        self::assertSame([5, 2, 'valgrind'], [$config->load->settings->tool->of(CallgrindLoadGenerator::requests()), $config->load->settings->tool->of(CallgrindLoadGenerator::warmup()), $config->serve->binaries->get('valgrind')]);
        self::assertSame($this->directory->path.'/public/index.php', $config->serve->frontController);
        self::assertSame('none', $config->baseline()->name);
    }

    public function testReadsTheFileAndLetsTheCommandLineWin(): void
    {
        $this->config(['bench' => [
            'urls' => ['/', ['path' => '/posts', 'expect' => 'Posts']],
            'scenarios' => ['none' => 'none', 'everything' => 'all'],
            'rounds' => 7,
            'duration' => 2.5,
            'masks' => ['/\d{4}-\d{2}-\d{2}/'],
        ], 'generate' => ['paths' => ['src'], 'ignore' => ['App\Dev']]]);

        $config = BenchConfigs::loader()->load($this->directory->path, null, self::overrides(['rounds' => 3]));

        self::assertSame(3, $config->stopping->rounds);
        self::assertSame(2.5, $config->load->duration);
        self::assertSame('Posts', $config->urls[1]->expect);
        self::assertSame(['none', 'everything'], array_map(static fn ($s): string => $s->name, $config->scenarios));
        self::assertContains('/\d{4}-\d{2}-\d{2}/', $config->masks);
        self::assertSame(['src'], $config->scope->paths);
        self::assertSame(['App\Dev'], $config->scope->ignore);
    }

    public function testPrecisionAndMaxTimeComeFromTheFileOrTheCommandLine(): void
    {
        $this->config(['bench' => ['precision' => 1.5, 'maxTime' => '3m30s']]);

        $fromFile = BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
        $fromCommandLine = BenchConfigs::loader()->load($this->directory->path, null, self::overrides(['precision' => 3.0, 'maxTime' => 0.0]));

        self::assertSame(1.5, $fromFile->stopping->precision);
        self::assertSame(210.0, $fromFile->stopping->maxTime);
        self::assertSame(5, $fromFile->stoppingRule()->minRounds, 'rounds are the minimum');
        self::assertSame(1.5, $fromFile->stoppingRule()->precisionPoints);
        self::assertSame(3.0, $fromCommandLine->stopping->precision);
        self::assertSame(0.0, $fromCommandLine->stopping->maxTime);
        $this->config(['bench' => ['maxTime' => 90]]);
        self::assertSame(90.0, BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]))->stopping->maxTime, 'a number is seconds');
    }

    public function testABadPrecisionOrMaxTimeNamesTheKey(): void
    {
        foreach ([['precision', 0, 'key bench.precision 0: expected a number of points above 0'], ['precision', '2', 'key bench.precision "2": expected a number of points'], ['maxTime', '4 minutes', 'key bench.maxTime "4 minutes": expected seconds or a duration such as "240s", "4m" or "1m30s"'], ['maxTime', -5, 'key bench.maxTime -5']] as [$key, $value, $message]) {
            $this->config(['bench' => [$key => $value]]);
            try {
                BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
                self::fail($key.' '.json_encode($value).' must be refused');
            } catch (ConfigError $error) {
                self::assertStringContainsString($this->directory->path.'/preheat.json '.$message, $error->getMessage());
            }
        }
    }

    public function testATypoNamesTheKeyAndSuggestsTheRightOne(): void
    {
        $this->config(['bench' => ['roundz' => 3]]);

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('unknown key "bench.roundz". Did you mean "bench.rounds"?');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
    }

    public function testAWrongTypeNamesTheKey(): void
    {
        $this->config(['bench' => ['rounds' => 'five']]);

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('preheat.json key bench.rounds "five": expected a whole number');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
    }

    public function testAnUnknownToolIsRefused(): void
    {
        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('Invalid tool "siege": use one of wrk, ab, cgi, callgrind');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides(['tool' => 'siege']));
    }

    public function testTheCallgrindToolTakesItsRequestsWarmUpAndValgrindFromTheFile(): void
    {
        $this->config(['bench' => ['tool' => 'callgrind', 'callgrindRequests' => 3, 'callgrindWarmup' => 4, 'binaries' => ['valgrind' => '/opt/valgrind/bin/valgrind']]]);

        $config = BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));

        self::assertSame(['callgrind', 3, 4, '/opt/valgrind/bin/valgrind'], [$config->load->tool->name(), $config->load->settings->tool->of(CallgrindLoadGenerator::requests()), $config->load->settings->tool->of(CallgrindLoadGenerator::warmup()), $config->serve->binaries->get('valgrind')]);
    }

    public function testCallgrindNeedsAWarmUpRequest(): void
    {
        $this->config(['bench' => ['callgrindWarmup' => 0]]);

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('preheat.json key bench.callgrindWarmup 0: expected a whole number of requests (the first compiles what is not preloaded), at least 1.');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
    }

    public function testTheRuntimeComesFromTheFileOrTheCommandLine(): void
    {
        $this->config(['bench' => ['runtime' => 'mod_php', 'binaries' => ['apache' => '/opt/apache/bin/httpd']]]);

        $fromFile = BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
        $fromCommandLine = BenchConfigs::loader()->load($this->directory->path, null, self::overrides(['runtime' => 'fpm']));

        self::assertSame('mod_php', $fromFile->serve->runtime->name());
        self::assertSame('/opt/apache/bin/httpd', $fromFile->serve->binaries->get('apache'));
        self::assertSame('fpm', $fromCommandLine->serve->runtime->name());
    }

    public function testTheWorkerSettingsComeFromTheFile(): void
    {
        $this->config(['bench' => ['runtime' => 'worker', 'worker' => ['adapter' => 'plain', 'maxRequests' => 500, 'maxBodyBytes' => 1024]]]);

        $config = BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));

        self::assertSame('worker', $config->serve->runtime->name());
        self::assertSame([$this->directory->path, WorkerAdapter::Plain, null, 500, 1024], [$config->serve->worker->projectRoot, $config->serve->worker->adapter, $config->serve->worker->entry, $config->serve->worker->maxRequests, $config->serve->worker->maxBodyBytes]);
    }

    public function testTheLadderAndPersistentWorkersRefuseToolsThatRunTheAppInPhpCgi(): void
    {
        $this->config(['bench' => []]);
        $loader = BenchConfigs::loader();

        foreach ([['ladder' => true, 'tool' => 'callgrind'], ['runtime' => 'worker', 'tool' => 'cgi']] as $overrides) {
            try {
                $loader->load($this->directory->path, null, self::overrides($overrides));
                self::fail('accepted '.json_encode($overrides));
            } catch (ConfigError $error) {
                self::assertStringContainsString('runs the app in php-cgi', $error->getMessage());
                self::assertStringContainsString('use a tool that sends requests to a server', $error->getMessage());
            }
        }
        self::assertSame('callgrind', $loader->load($this->directory->path, null, self::overrides(['tool' => 'callgrind']))->load->tool->name());
    }

    public function testScenariosAreLoadedTogetherByDefaultExceptByToolsThatRunPhpThemselves(): void
    {
        $loader = BenchConfigs::loader();

        self::assertSame('together', $loader->load($this->directory->path, null, self::overrides([]))->load->schedule->value);
        self::assertSame('together', $loader->load($this->directory->path, null, self::overrides(['tool' => 'ab']))->load->schedule->value);
        self::assertSame('turns', $loader->load($this->directory->path, null, self::overrides(['tool' => 'cgi']))->load->schedule->value);
        self::assertSame('turns', $loader->load($this->directory->path, null, self::overrides(['tool' => 'callgrind']))->load->schedule->value);
    }

    public function testTheScheduleComesFromTheFileOrTheCommandLine(): void
    {
        $this->config(['bench' => ['schedule' => 'turns']]);
        $loader = BenchConfigs::loader();

        self::assertSame('turns', $loader->load($this->directory->path, null, self::overrides([]))->load->schedule->value);
        self::assertSame('together', $loader->load($this->directory->path, null, self::overrides(['schedule' => 'together']))->load->schedule->value);
    }

    public function testAnUnknownScheduleOrTogetherWithAToolThatRunsPhpItselfIsRefused(): void
    {
        $loader = BenchConfigs::loader();

        try {
            $loader->load($this->directory->path, null, self::overrides(['schedule' => 'parallel']));
            self::fail('accepted an unknown schedule');
        } catch (ConfigError $error) {
            self::assertStringContainsString('Invalid schedule "parallel": use together', $error->getMessage());
        }
        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('cgi loads one scenario at a time; use turns, or a tool that sends requests to a server');
        $loader->load($this->directory->path, null, self::overrides(['schedule' => 'together', 'tool' => 'cgi']));
    }

    public function testTogetherTheServersAreRestartedEveryTenRoundsByDefaultInTurnsNever(): void
    {
        $loader = BenchConfigs::loader();

        self::assertSame(LoadConfig::DEFAULT_RESTART_EVERY, $loader->load($this->directory->path, null, self::overrides([]))->load->restartEvery);
        self::assertTrue($loader->load($this->directory->path, null, self::overrides([]))->stoppingRule()->acrossRestarts);
        self::assertSame(0, $loader->load($this->directory->path, null, self::overrides(['schedule' => 'turns']))->load->restartEvery);
        self::assertFalse($loader->load($this->directory->path, null, self::overrides(['schedule' => 'turns']))->stoppingRule()->acrossRestarts);
        self::assertSame(0, $loader->load($this->directory->path, null, self::overrides(['tool' => 'cgi']))->load->restartEvery);
        self::assertSame(4, $loader->load($this->directory->path, null, self::overrides(['restartEvery' => 4, 'schedule' => 'turns']))->load->restartEvery);
        $this->config(['bench' => ['restartEvery' => 0]]);
        self::assertSame(0, $loader->load($this->directory->path, null, self::overrides([]))->load->restartEvery);

        foreach ([['restartEvery' => -1], ['restartEvery' => 5, 'tool' => 'callgrind']] as $overrides) {
            try {
                $loader->load($this->directory->path, null, self::overrides($overrides));
                self::fail('accepted '.json_encode($overrides));
            } catch (ConfigError $error) {
                self::assertStringContainsString('Invalid restartEvery', $error->getMessage());
            }
        }
    }

    public function testPersistentWorkersDefaultToOnePerCoreAndAGivenCountWins(): void
    {
        $this->config(['bench' => ['runtime' => 'worker']]);
        $loader = BenchConfigs::loader();

        self::assertSame(Cpu::cores(), $loader->load($this->directory->path, null, self::overrides([]))->serve->workers);
        self::assertSame(3, $loader->load($this->directory->path, null, self::overrides(['workers' => 3]))->serve->workers);
        self::assertSame(NginxFpmKind::DEFAULT_WORKERS, $loader->load($this->directory->path, null, self::overrides(['runtime' => 'fpm']))->serve->workers);
    }

    public function testATypoInTheWorkerSettingsIsNamed(): void
    {
        $this->config(['bench' => ['worker' => ['maxRequest' => 10]]]);

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('unknown key "bench.worker.maxRequest". Did you mean "bench.worker.maxRequests"?');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
    }

    public function testAnUnknownWorkerAdapterIsRefused(): void
    {
        $this->config(['bench' => ['worker' => ['adapter' => 'octane']]]);

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('key bench.worker.adapter "octane": use one of laravel, symfony, psr15, plain, or leave it out');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
    }

    public function testANegativeWorkerBoundIsRefused(): void
    {
        $this->config(['bench' => ['worker' => ['maxBodyBytes' => -1]]]);

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('preheat.json key bench.worker.maxBodyBytes -1: expected a whole number of bytes, 0 or more');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
    }

    public function testAnUnknownRuntimeIsRefused(): void
    {
        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('Invalid runtime "cgi": use one of fpm, mod_php, worker (PHP without a web server is the load tool cgi or callgrind)');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides(['runtime' => 'cgi']));
    }

    public function testAScenarioScriptThatDoesNotExistIsNamed(): void
    {
        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('scenario "mine" "nope.php"');
        BenchConfigs::loader()->load($this->directory->path, null, new BenchOverrides(scenarios: ['mine=nope.php']));
    }

    public function testInvalidJsonNamesTheFile(): void
    {
        file_put_contents($this->directory->path.'/preheat.json', '{"bench": ');

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage($this->directory->path.'/preheat.json: invalid JSON');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
    }

    public function testAMissingFrontControllerIsNamed(): void
    {
        $this->config(['bench' => ['frontController' => 'app.php']]);

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('front controller');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
    }

    public function testABadMaskIsRefused(): void
    {
        $this->config(['bench' => ['masks' => ['not a regex']]]);

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('Invalid mask "not a regex"');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
    }

    public function testTheHotScenarioChoosesAsGenerateDoes(): void
    {
        $default = BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]))->recording->hot;
        self::assertSame([null, null, true], [$default->coverage, $default->minShare, $default->autoBudget], 'the automatic budget by default');
        $this->config(['bench' => ['hot' => ['coverage' => 0.99, 'budget' => 'auto']]]);
        $auto = BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]))->recording->hot;
        self::assertSame([0.99, true, HotCriteria::AUTO_CAP_BYTES], [$auto->coverage, $auto->autoBudget, $auto->budgetBytes]);

        $this->config(['bench' => ['hot' => ['minShare' => 0.05, 'budget' => '2M']]]);
        $hot = BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]))->recording->hot;
        self::assertSame([null, 0.05, 2097152, false], [$hot->coverage, $hot->minShare, $hot->budgetBytes, $hot->autoBudget]);

        $this->config(['bench' => ['hot' => ['coverage' => 2]]]);
        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('preheat.json key bench.hot {"coverage":2}: The coverage 2 must be above 0 and at most 1');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
    }

    public function testTheUsageStoreComesFromTheCommandLineOverTheFile(): void
    {
        $load = fn (?string $store): ?string => BenchConfigs::loader()->load(
            $this->directory->path,
            null,
            new BenchOverrides(store: $store),
        )->recording->usageStore;
        self::assertNull($load(null), 'no store: traffic is recorded first');

        $this->config(['bench' => ['usage' => 'var/usage.log']]);
        self::assertSame($this->directory->path.'/var/usage.log', $load(null), 'the file\'s, relative to the project');
        self::assertSame(getcwd().'/given.log', $load('given.log'), 'the option\'s, relative to the working directory');
        self::assertSame('/srv/usage.log', $load('/srv/usage.log'));
        self::assertSame('redis://127.0.0.1:6379/0?prefix=app', $load('redis://127.0.0.1:6379/0?prefix=app'));

        $this->config(['bench' => ['usage' => 7]]);
        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('key bench.usage 7: expected a string');
        $load('given.log');
    }

    /**
     * A count or length of time out of range in preheat.json names the file, the key, the value and the
     * range, also when the same option is given on the command line (the file stays wrong without it).
     *
     * @return iterable<string, array{array<string, mixed>, array<string, mixed>, string}>
     */
    public static function outOfRange(): iterable
    {
        yield 'negative duration' => [['duration' => -2], [], 'key bench.duration -2: expected seconds of load per scenario per round, above 0.'];
        yield 'negative rounds' => [['rounds' => -1], [], 'key bench.rounds -1: expected a whole number of rounds, at least 1.'];
        yield 'no concurrency' => [['concurrency' => 0], [], 'key bench.concurrency 0: expected a whole number of connections, at least 1.'];
        yield 'no timeout' => [['timeout' => 0], [], 'key bench.timeout 0: expected seconds a request may take, at least 0.1.'];
        yield 'a timeout every page exceeds' => [['timeout' => 1e-300], [], 'key bench.timeout 1.0e-300: expected seconds a request may take, at least 0.1.'];
        yield 'negative warm-up' => [['warmup' => -1], [], 'key bench.warmup -1: expected seconds of warm-up, at least 0.'];
        yield 'no workers' => [['workers' => 0], [], 'key bench.workers 0: expected a whole number of workers, at least 1.'];
        yield 'duration given on the command line too' => [['duration' => -2], ['duration' => 3.0], 'key bench.duration -2: expected seconds of load per scenario per round, above 0.'];
        yield 'rounds given on the command line too' => [['rounds' => -1], ['rounds' => 3], 'key bench.rounds -1'];
        yield 'wrong type given on the command line too' => [['concurrency' => 'many'], ['concurrency' => 4], 'key bench.concurrency "many": expected a whole number'];
        yield 'precision given on the command line too' => [['precision' => 0], ['precision' => 2.0], 'key bench.precision 0: expected a number of points above 0'];
        yield 'tool given on the command line too' => [['tool' => 3], ['tool' => 'wrk'], 'key bench.tool 3: expected a string'];
        yield 'sub-section key named in full' => [['binaries' => ['php' => 8]], [], 'key bench.binaries.php 8: expected a string'];
    }

    /**
     * @param array<string, mixed> $bench
     * @param array<string, mixed> $overrides
     */
    #[\PHPUnit\Framework\Attributes\DataProvider('outOfRange')]
    public function testAValueOutOfRangeNamesTheFileKeyValueAndRange(array $bench, array $overrides, string $message): void
    {
        $this->config(['bench' => $bench]);

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('Invalid '.$this->directory->path.'/preheat.json '.$message);
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides($overrides));
    }

    public function testACommandLineValueOutOfRangeNamesItsSettingAlone(): void
    {
        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('Invalid duration -2: expected seconds, above 0.');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides(['duration' => -2.0]));
    }

    /** @return iterable<string, array{string, string}> */
    public static function notAnObject(): iterable
    {
        yield 'empty list' => ['[]', 'the top level is an empty list, not an object'];
        yield 'list' => ['[{"bench": {}}]', 'the top level is a list, not an object'];
        yield 'number' => ['3', 'the top level is a number, not an object'];
        yield 'string' => ['"bench"', 'the top level is a string, not an object'];
        yield 'null' => ['null', 'the top level is null, not an object'];
    }

    #[\PHPUnit\Framework\Attributes\DataProvider('notAnObject')]
    public function testAFileThatIsNotAnObjectIsRefusedNamingTheFile(string $json, string $message): void
    {
        file_put_contents($this->directory->path.'/preheat.json', $json);

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage($this->directory->path.'/preheat.json');
        $this->expectExceptionMessage($message);
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
    }

    public function testAPreheatJsonThatIsADirectoryIsRefusedNotIgnored(): void
    {
        mkdir($this->directory->path.'/preheat.json');

        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage($this->directory->path.'/preheat.json: it is a directory');
        BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]));
    }

    public function testAnEmptyObjectIsTheDefaults(): void
    {
        file_put_contents($this->directory->path.'/preheat.json', '{}');

        self::assertSame(5, BenchConfigs::loader()->load($this->directory->path, null, self::overrides([]))->stopping->rounds);
    }

    /** @param array<string, mixed> $data */
    private function config(array $data): void
    {
        file_put_contents($this->directory->path.'/preheat.json', json_encode($data));
    }

    public function testServingTheAppReadsOnlyHowToServeIt(): void
    {
        // A bench section whose scenario names no script: the bench refuses it, a trace has no use for it.
        $this->config(['bench' => ['workers' => 3, 'runtime' => 'mod_php', 'scenarios' => ['mine' => 'nope.php']]]);

        $serve = BenchConfigs::loader()->serve($this->directory->path, null);

        self::assertSame([3, 'mod_php'], [$serve->workers, $serve->runtime->name()]);
        $this->expectException(ConfigError::class);
        $this->expectExceptionMessage('scenario "mine" "nope.php"');
        BenchConfigs::loader()->load($this->directory->path, null);
    }

    public function testAValueAnOptionGivesIsCheckedAgainstTheSameRangeAsTheFile(): void
    {
        foreach ([
            'Invalid rounds 0: must be at least 1.' => new BenchOverrides(stopping: new StoppingOverrides(rounds: 0)),
            'Invalid duration 0: expected seconds, above 0.' => new BenchOverrides(load: new LoadOverrides(duration: 0.0)),
            'Invalid workers 0: must be at least 1.' => new BenchOverrides(serve: new ServeOverrides(workers: 0)),
        ] as $message => $overrides) {
            try {
                BenchConfigs::loader()->load($this->directory->path, null, $overrides);
                self::fail('accepted: '.$message);
            } catch (ConfigError $error) {
                self::assertSame($message, $error->getMessage());
            }
        }
    }

    /**
     * The command line's values, as the tests write them.
     *
     * @param array<string, mixed> $given
     */
    private static function overrides(array $given): BenchOverrides
    {
        $string = static fn (string $key): ?string => isset($given[$key]) && \is_string($given[$key]) ? $given[$key] : null;
        $int = static fn (string $key): ?int => isset($given[$key]) && \is_int($given[$key]) ? $given[$key] : null;
        $float = static fn (string $key): ?float => isset($given[$key]) && \is_float($given[$key]) ? $given[$key] : null;
        $list = static fn (string $key): array => array_values(array_map('strval', (array) ($given[$key] ?? [])));

        return new BenchOverrides(
            urls: $list('urls'),
            scenarios: $list('scenarios'),
            ladder: true === ($given['ladder'] ?? false),
            serve: new ServeOverrides(runtime: $string('runtime'), workers: $int('workers'), php: $string('php')),
            load: new LoadOverrides(
                tool: $string('tool'),
                duration: $float('duration'),
                warmup: $float('warmup'),
                concurrency: $int('concurrency'),
                schedule: $string('schedule'),
                restartEvery: $int('restartEvery'),
            ),
            stopping: new StoppingOverrides(rounds: $int('rounds'), precision: $float('precision'), maxTime: $float('maxTime')),
            store: $string('store'),
        );
    }
}
