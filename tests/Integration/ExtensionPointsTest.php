<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Bench\Config\BenchConfigLoader;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Bench\Load\LoadTool;
use Preheat\Bench\Load\WrkLoadGenerator;
use Preheat\Config\IntegerSetting;
use Preheat\Console\Application;
use Preheat\Console\Extension\Registries;
use Preheat\Php\PhpInstallation;
use Preheat\Plan\PlanResult;
use Preheat\Plan\RequireEvidence;
use Preheat\Plan\Strategy\HotSelection;
use Preheat\Plan\Strategy\MemoryEstimate;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Plan\Strategy\StrategyKind;
use Preheat\Plan\Strategy\StrategySource;
use Preheat\Process\ProcessRunner;
use Preheat\Report\Bench\BenchReport;
use Preheat\Report\Bench\JsonRenderer;
use Preheat\Report\Renderer;
use Preheat\Server\Binaries;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeContext;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\RuntimeKind;
use Preheat\Server\Worker\WorkerKind;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Console\Output\OutputInterface;
use Symfony\Component\Console\Tester\ApplicationTester;

/**
 * A runtime, a strategy, a load tool with a setting of its own and a report format, added to the Application's
 * registries alone (no other file knows them), run a whole bench: the runtime serves both scenarios, the strategy
 * chooses the generated script's files, the tool loads every round with its setting read from preheat.json, the
 * format writes the report, and `bench --help`, preheat.json's key check and its schema know the tool's setting.
 */
#[Group('integration')]
final class ExtensionPointsTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'no worker may survive a benchmark');
    }

    public function testAFakeRuntimeStrategyLoadToolAndFormatRunEndToEnd(): void
    {
        $runtime = new FakeRuntimeKind();
        $tool = new FakeLoadTool();
        $strategy = new LastFileStrategy();
        $format = new FakeJsonFormat();
        $config = $this->directory->path.'/preheat.json';
        file_put_contents($config, '{"bench": {"fakeBursts": 3}}');

        [$exit, $stdout, $stderr] = $this->preheat(self::registries($runtime, $tool, $strategy, $format), [
            'command' => 'bench',
            '--project' => self::app(),
            '--config' => $config,
            '--runtime' => 'fake-worker',
            '--tool' => 'fake-wrk',
            '--scenario' => ['none', 'picked=last-file'],
            '--url' => ['/'],
            '--rounds' => '2',
            '--max-time' => '0',
            '--duration' => '1',
            '--warmup' => '0',
            '--concurrency' => '2',
            '--workers' => '2',
            '--format' => 'fake-json',
        ]);

        $report = json_decode($stdout, true);
        self::assertSame(0, $exit, $stderr);
        self::assertIsArray($report);
        self::assertSame(1, $format->writes, 'the fake format wrote the report');
        self::assertSame(['none', 'picked'], $runtime->started, 'the fake runtime served both scenarios');
        self::assertSame('fake-wrk', $report['environment']['tool']);
        self::assertSame('fake load through wrk, 2 connections, 3 bursts', $report['environment']['toolSettings']);
        self::assertSame('turns', $report['environment']['schedule'], 'a tool that loads in the foreground takes turns');
        self::assertSame('2 (fake workers)', $report['environment']['workers']);
        self::assertSame(2 * 2, $tool->runs, 'two rounds of two scenarios');
        self::assertSame([3], array_values(array_unique($tool->bursts)), 'preheat.json\'s fakeBursts reached every run');
        self::assertSame(1, $strategy->seeds, 'the strategy was asked once');
        self::assertStringContainsString('Scenario picked: generate --strategy=last-file:', $stderr);
        foreach ($report['scenarios'] as $scenario) {
            self::assertTrue($scenario['measured'], $scenario['name'].': '.json_encode($scenario['problems'] ?? []));
        }
    }

    /** The tool's setting, declared by the tool alone: an option of bench, a key of preheat.json and its schema. */
    public function testTheToolsOwnSettingIsAnOptionAKeyAndInTheSchema(): void
    {
        $registries = self::registries(new FakeRuntimeKind(), new FakeLoadTool(), new LastFileStrategy(), new FakeJsonFormat());

        [, $help] = $this->preheat($registries, ['command' => 'help', 'command_name' => 'bench']);
        self::assertStringContainsString('--fake-bursts', $help);
        self::assertStringContainsString('Bursts per round with the fake-wrk tool (default 1; preheat.json: bench.fakeBursts)', $help);
        self::assertStringContainsString('fake-json', $help, '--format lists the fake format');

        $config = $this->directory->path.'/preheat.json';
        file_put_contents($config, '{"bench": {"fakeBursts": 0}}');
        [$exit, , $stderr] = $this->preheat($registries, ['command' => 'bench', '--project' => self::app(), '--config' => $config]);
        self::assertSame(2, $exit);
        self::assertStringContainsString('key bench.fakeBursts 0: expected a whole number of bursts, at least 1', $stderr);

        $loader = new BenchConfigLoader($registries->runtimes, $registries->tools, $registries->strategies);
        $bench = $loader->schema()->document()['properties']['bench']['properties'];
        self::assertSame(['type' => 'integer', 'description' => 'Bursts per round with the fake-wrk tool'], $bench['fakeBursts']);
        self::assertContains('fake-wrk', $bench['tool']['enum']);
        self::assertContains('fake-worker', $bench['runtime']['enum']);
    }

    private static function registries(
        FakeRuntimeKind $runtime,
        FakeLoadTool $tool,
        LastFileStrategy $strategy,
        FakeJsonFormat $format,
    ): Registries {
        return Registries::standard()
            ->withRuntime($runtime)
            ->withTool($tool)
            ->withStrategy($strategy)
            ->withFormat(BenchReport::class, 'fake-json', static fn (): Renderer => $format);
    }

    /**
     * @param array<string, mixed> $input
     *
     * @return array{int, string, string} the exit code, stdout and stderr
     */
    private function preheat(Registries $registries, array $input): array
    {
        $application = new Application($registries);
        $application->setAutoExit(false);
        $tester = new ApplicationTester($application);
        $exit = $tester->run($input, ['capture_stderr_separately' => true, 'interactive' => false]);

        return [$exit, $tester->getDisplay(), $tester->getErrorOutput()];
    }

    private static function app(): string
    {
        return \dirname(__DIR__).'/Fixtures/bench/app';
    }
}

/**
 * The JSON report under another name, counting what it writes.
 *
 * @implements Renderer<BenchReport>
 */
final class FakeJsonFormat implements Renderer
{
    public int $writes = 0;

    /** @param BenchReport $report */
    public function write(object $report, OutputInterface $output): void
    {
        ++$this->writes;
        (new JsonRenderer())->write($report, $output);
    }
}

/** The persistent-worker runtime under another name, counting the scenarios it starts. */
final class FakeRuntimeKind implements RuntimeKind
{
    /** @var list<string> */
    public array $started = [];

    public function name(): string
    {
        return 'fake-worker';
    }

    public function describe(): string
    {
        return 'persistent workers, counted';
    }

    public function binaries(): array
    {
        return [];
    }

    public function defaultWorkers(): int
    {
        return 1;
    }

    public function workersLine(int $workers): string
    {
        return $workers.' (fake workers)';
    }

    public function keepsTheAppBooted(): bool
    {
        return true;
    }

    public function factory(RuntimeContext $context): RuntimeFactory
    {
        $workers = (new WorkerKind())->factory($context);
        $started = &$this->started;

        return new class($workers, $started) implements RuntimeFactory {
            /** @param list<string> $started */
            public function __construct(private readonly RuntimeFactory $workers, private array &$started)
            {
            }

            public function start(string $name, string $directory, ?string $preloadScript, array $extraIni = []): Runtime
            {
                $this->started = [...$this->started, $name];

                return $this->workers->start($name, $directory, $preloadScript, $extraIni);
            }

            public function php(): PhpInstallation
            {
                return $this->workers->php();
            }
        };
    }
}

/** wrk under another name, with a setting of its own (bursts), counting its runs and the bursts each was given. */
final class FakeLoadTool implements LoadTool
{
    public int $runs = 0;

    /** @var list<int> */
    public array $bursts = [];

    public static function bursts(): IntegerSetting
    {
        return new IntegerSetting(
            'fakeBursts',
            'Bursts per round with the fake-wrk tool',
            1,
            1,
            10,
            'a whole number of bursts',
            'bursts of wrk',
        );
    }

    public function name(): string
    {
        return 'fake-wrk';
    }

    public function help(): string
    {
        return 'wrk, counted';
    }

    public function runsPhp(): bool
    {
        return false;
    }

    public function binaries(): array
    {
        return [];
    }

    public function settings(): array
    {
        return [self::bursts()];
    }

    public function loadsTogether(): bool
    {
        return false;
    }

    public function describe(LoadSettings $settings): string
    {
        return \sprintf(
            'fake load through wrk, %d connections, %d bursts',
            $settings->concurrency,
            $settings->tool->of(self::bursts()),
        );
    }

    public function generator(ProcessRunner $runner, Binaries $binaries, ?string $user): LoadGenerator
    {
        $wrk = new WrkLoadGenerator($runner);
        $runs = &$this->runs;
        $bursts = &$this->bursts;

        return new class($wrk, $runs, $bursts) implements LoadGenerator {
            /** @param list<int> $bursts */
            public function __construct(private readonly LoadGenerator $wrk, private int &$runs, private array &$bursts)
            {
            }

            public function name(): string
            {
                return 'fake-wrk';
            }

            public function warmsUpInEachRun(): bool
            {
                return false;
            }

            public function run(LoadTarget $target, LoadSettings $settings, float $duration): LoadResult
            {
                ++$this->runs;
                $this->bursts = [...$this->bursts, $settings->tool->of(FakeLoadTool::bursts())];

                return $this->wrk->run($target, $settings, $duration);
            }
        };
    }
}

/** Preloads the last file of the safe plan (the planner adds what it needs to link). */
final class LastFileStrategy implements StrategyKind, SeedStrategy
{
    public int $seeds = 0;

    public function name(): string
    {
        return 'last-file';
    }

    public function aliases(): array
    {
        return [];
    }

    public function help(): string
    {
        return 'the safe plan\'s last file';
    }

    public function options(): array
    {
        return [];
    }

    public function servesTheApp(): bool
    {
        return false;
    }

    public function seed(StrategySource $source): SeedStrategy
    {
        ++$this->seeds;

        return $this;
    }

    public function select(PlanResult $safe, MemoryEstimate $estimate): HotSelection
    {
        $last = $safe->plan->included[\count($safe->plan->included) - 1]->path;

        return new HotSelection([$last], 1, 1.0, 0, [], 1, 0);
    }

    public function budgetBytes(): ?int
    {
        return null;
    }

    public function requireEvidence(): ?RequireEvidence
    {
        return null;
    }
}
