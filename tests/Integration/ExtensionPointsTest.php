<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Bench\Load\LoadTool;
use Preheat\Bench\Load\WrkLoadGenerator;
use Preheat\Console\Command\BenchCommand;
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
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Server\Binaries;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeContext;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\RuntimeKind;
use Preheat\Server\Worker\WorkerKind;
use Preheat\Tests\Support\BenchProcesses;
use Symfony\Component\Console\Tester\CommandTester;

/**
 * A runtime, a strategy and a load tool added through their registries alone (no other file knows
 * them) run a whole bench: the runtime serves both scenarios, the strategy chooses the generated
 * script's files, the tool loads every round, and the report names them.
 */
#[Group('integration')]
final class ExtensionPointsTest extends TestCase
{
    protected function tearDown(): void
    {
        self::assertSame([], BenchProcesses::leftBehind(), 'no worker may survive a benchmark');
    }

    public function testAFakeRuntimeStrategyAndLoadToolRunEndToEnd(): void
    {
        $runtime = new FakeRuntimeKind();
        $tool = new FakeLoadTool();
        $strategy = new LastFileStrategy();
        $command = new BenchCommand(
            new SymfonyProcessRunner(),
            Registries::standard()->withRuntime($runtime)->withTool($tool)->withStrategy($strategy),
        );
        $tester = new CommandTester($command);

        $exit = $tester->execute([
            '--project' => \dirname(__DIR__).'/Fixtures/bench/app',
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
            '--format' => 'json',
        ], ['capture_stderr_separately' => true]);

        $report = json_decode($tester->getDisplay(), true);
        self::assertSame(0, $exit, $tester->getErrorOutput());
        self::assertIsArray($report);
        self::assertSame(['none', 'picked'], $runtime->started, 'the fake runtime served both scenarios');
        self::assertSame('fake-wrk', $report['environment']['tool']);
        self::assertSame('fake load through wrk, 2 connections', $report['environment']['toolSettings']);
        self::assertSame('2 (fake workers)', $report['environment']['workers']);
        self::assertSame(2 * 2, $tool->runs, 'two rounds of two scenarios');
        self::assertSame(1, $strategy->seeds, 'the strategy was asked once');
        self::assertStringContainsString('Scenario picked: generate --strategy=last-file:', $tester->getErrorOutput());
        foreach ($report['scenarios'] as $scenario) {
            self::assertTrue($scenario['measured'], $scenario['name'].': '.json_encode($scenario['problems'] ?? []));
        }
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

/** wrk under another name, counting its runs. */
final class FakeLoadTool implements LoadTool
{
    public int $runs = 0;

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
        return [];
    }

    public function loadsTogether(): bool
    {
        return false;
    }

    public function describe(LoadSettings $settings): string
    {
        return \sprintf('fake load through wrk, %d connections', $settings->concurrency);
    }

    public function generator(ProcessRunner $runner, Binaries $binaries, ?string $user): LoadGenerator
    {
        $wrk = new WrkLoadGenerator($runner);
        $runs = &$this->runs;

        return new class($wrk, $runs) implements LoadGenerator {
            public function __construct(private readonly LoadGenerator $wrk, private int &$runs)
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
