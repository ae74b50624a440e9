<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Config\UrlSpec;
use Preheat\Bench\EnvironmentReader;
use Preheat\Bench\Event\PagesChecked;
use Preheat\Bench\GateFailure;
use Preheat\Bench\Load\Schedule;
use Preheat\Bench\Result\MachineLoad;
use Preheat\Bench\Result\RoundPlan;
use Preheat\Bench\RunMeter;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\Bench\ScenarioGating;
use Preheat\Bench\ScenarioLoading;
use Preheat\Bench\ScenarioRecordBuilder;
use Preheat\Bench\ScenarioRun;
use Preheat\Bench\ScenarioRuns;
use Preheat\EnvironmentError;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Process\ProcessFailed;
use Preheat\Progress\ProgressEvent;
use Preheat\Progress\ProgressLogger;
use Preheat\Progress\StageEvent;
use Preheat\Server\Runtime;
use Preheat\Tests\Support\BenchConfigs;
use Preheat\Tests\Support\FakeBackgroundLoad;
use Preheat\Tests\Support\FakeGate;
use Preheat\Tests\Support\FakeLoadGenerator;
use Preheat\Tests\Support\FakePreparation;
use Preheat\Tests\Support\FakeRuntimes;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * The parts of BenchRunner on their own, on fake servers and loads: checking the pages (ScenarioGating), loading
 * the servers (ScenarioLoading) and saying what the bench ran on (EnvironmentReader). The whole run is
 * BenchRunnerTest's.
 */
final class BenchRunnerPartsTest extends TestCase
{
    private TemporaryDirectory $directory;

    private FakeRuntimes $runtimes;

    private FinishedSteps $progress;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $this->runtimes = new FakeRuntimes();
        $this->progress = new FinishedSteps();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testInTurnsEachScenarioIsLoadedAloneAndOneWhoseLoadFailsIsOut(): void
    {
        $config = $this->config();
        $runs = $this->started($config);
        $load = new FakeLoadGenerator(hook: static fn (int $run): null => 2 === $run
            ? throw ProcessFailed::timedOut(['php-cgi'], 60.0)
            : null);
        $loading = new ScenarioLoading($config, $load, new RunMeter(), $this->progress());

        $loading->round(1, $runs->all());
        $loading->round(2, $runs->all());

        self::assertNull($loading->together());
        self::assertSame(
            [['http://127.0.0.1:20000', 2.0], ['http://127.0.0.1:20001', 2.0], ['http://127.0.0.1:20000', 2.0]],
            $load->runs,
            'the failed scenario is not loaded again',
        );
        [$none, $all] = $runs->records();
        self::assertSame([1, 2], array_keys($none->runs));
        self::assertFalse($all->isMeasured());
        self::assertSame(['its load failed in round 1: '.ProcessFailed::timedOut(['php-cgi'], 60.0)->getMessage()], $all->problems);
        self::assertSame(Schedule::Turns, $loading->roundPlan(2)->schedule);
        self::assertNull($loading->placement());
    }

    public function testTheBaselineSFailedLoadEndsTheBench(): void
    {
        $config = $this->config();
        $runs = $this->started($config);
        $load = new FakeLoadGenerator(hook: static fn (): null => throw ProcessFailed::timedOut(['php-cgi'], 60.0));

        $this->expectException(EnvironmentError::class);
        (new ScenarioLoading($config, $load, new RunMeter(), $this->progress()))->round(1, $runs->all());
    }

    public function testTogetherEveryRunOfARoundStartsBeforeAnyEndsAndTheWarmUpToo(): void
    {
        $config = $this->config('together');
        $runs = $this->started($config);
        $load = new FakeBackgroundLoad(new FakeLoadGenerator());
        $loading = new ScenarioLoading($config, $load, new RunMeter(), $this->progress());

        $loading->warmUp($runs->all());
        $loading->round(1, array_reverse($runs->all()));

        self::assertSame($load, $loading->together());
        self::assertSame(
            ['start 20000', 'start 20001', 'end 20000', 'end 20001', 'start 20001', 'start 20000', 'end 20001', 'end 20000'],
            $load->events,
        );
        self::assertSame([1], array_keys($runs->records()[1]->runs));
        self::assertEquals(
            new RoundPlan(rounds: 4, duration: 2.0, warmup: 1.0, schedule: Schedule::Together, restartEvery: 0),
            $loading->roundPlan(4),
        );
    }

    public function testNoWarmUpForAToolThatWarmsUpInEachRun(): void
    {
        $config = $this->config();
        $load = new FakeLoadGenerator(warmsUpInEachRun: true);
        $loading = new ScenarioLoading($config, $load, new RunMeter(), $this->progress());

        $loading->warmUp($this->started($config)->all());

        self::assertSame([], $load->runs);
        self::assertSame(0.0, $loading->roundPlan(1)->warmup);
    }

    public function testAScenarioServingOtherPagesIsNotMeasuredAndTheCountSaysSo(): void
    {
        $config = $this->config();
        $runs = $this->started($config);

        (new ScenarioGating(new FakeGate(['all']), $this->progress()))->checkAll($config, $runs);

        self::assertSame(['/ differs from the baseline'], $runs->named('all')?->record->problems());
        self::assertTrue($runs->named('none')?->isMeasured());
        $checked = $this->progress->finished[\count($this->progress->finished) - 1];
        self::assertEquals(new PagesChecked(1, 1, 0), $checked);
    }

    public function testABaselineThatFailsItsOwnCheckEndsTheBench(): void
    {
        $config = $this->config();

        $this->expectException(GateFailure::class);
        (new ScenarioGating(new FakeGate(['none']), $this->progress()))->checkAll($config, $this->started($config));
    }

    public function testTheEnvironmentIsPhpAsTheWorkersReportItAndTheRoundsAsRun(): void
    {
        $config = $this->config();
        $runs = $this->started($config);
        foreach ($runs->all() as $run) {
            $run->record->collected($run->runtime()->opcacheStatus(), []);
        }
        $plan = new RoundPlan(rounds: 3, duration: 2.0, warmup: 1.0, schedule: Schedule::Turns, restartEvery: 0);

        $environment = (new EnvironmentReader(new RunMeter(), $this->runtimes))
            ->read($config, $runs, new MachineLoad(null, null, null), $plan, 'each worker on its core');

        self::assertSame('8.2.99', $environment->phpSetup->version);
        self::assertSame('www-data', $environment->phpSetup->user);
        self::assertSame($plan, $environment->roundPlan);
        self::assertSame('each worker on its core', $environment->workerPlacement);
        self::assertSame('wrk', $environment->loadTool->name);
        self::assertSame(['/'], $environment->urls);
        self::assertSame('app', $environment->project);
    }

    private function config(?string $schedule = null): BenchConfig
    {
        $app = \dirname(__DIR__, 2).'/Fixtures/bench/app';

        return BenchConfigs::make(
            $app,
            [new UrlSpec('/')],
            [ScenarioSpec::parse('none', 'none', $app, Strategies::standard()),
                ScenarioSpec::parse('all', 'all', $app, Strategies::standard())],
            rounds: 3,
            duration: 2.0,
            warmup: 1.0,
            schedule: $schedule,
            restartEvery: 0,
        );
    }

    /** Every scenario of $config prepared and its fake server started, as BenchRunner starts them. */
    private function started(BenchConfig $config): ScenarioRuns
    {
        $runs = new ScenarioRuns();
        foreach ($config->scenarios as $spec) {
            $directory = $this->directory->path.'/'.$spec->name;
            $prepared = (new FakePreparation())->prepare($spec, $config, $directory);
            $runtimes = $this->runtimes;
            $run = new ScenarioRun(
                new ScenarioRecordBuilder($prepared),
                static fn (): Runtime => $runtimes->start($spec->name, $directory, $prepared->preloadScript),
            );
            $run->start();
            $runs->add($run);
        }

        return $runs;
    }

    private function progress(): ProgressLogger
    {
        return $this->progress;
    }
}

/** Keeps every finished step's event. */
final class FinishedSteps implements ProgressLogger
{
    /** @var list<ProgressEvent|string> */
    public array $finished = [];

    public function stage(string|StageEvent $stage): void
    {
    }

    public function advance(int $done, int $total): void
    {
    }

    public function finish(string|ProgressEvent $summary): void
    {
        $this->finished[] = $summary;
    }
}
