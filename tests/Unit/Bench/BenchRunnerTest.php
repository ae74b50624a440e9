<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\BenchResult;
use Preheat\Bench\BenchRunner;
use Preheat\Bench\Config\UrlSpec;
use Preheat\Bench\GateFailure;
use Preheat\Bench\Load\InProcessLoad;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\OpcacheSettings;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Rounds\StopReason;
use Preheat\Bench\RunMeter;
use Preheat\Bench\Scenario\ScenarioLayers;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\PairedEstimator;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Process\ProcessFailed;
use Preheat\Progress\ConsoleProgressLogger;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\ProgressEvent;
use Preheat\Progress\ProgressLogger;
use Preheat\Progress\StageEvent;
use Preheat\Report\Bench\BenchReportBuilder;
use Preheat\Server\ApacheModPhp\ApacheModPhpKind;
use Preheat\Server\MachineCpu;
use Preheat\Server\RuntimeError;
use Preheat\Server\RuntimeKinds;
use Preheat\Server\Worker\WorkerKind;
use Preheat\Server\WorkerPlacement;
use Preheat\Tests\Support\BenchConfigs;
use Preheat\Tests\Support\FakeBackgroundLoad;
use Preheat\Tests\Support\FakeGate;
use Preheat\Tests\Support\FakeLoadGenerator;
use Preheat\Tests\Support\FakePreparation;
use Preheat\Tests\Support\FakeProcDirectory;
use Preheat\Tests\Support\FakeProcessRunner;
use Preheat\Tests\Support\FakeRuntimes;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Console\Output\BufferedOutput;

/** The runner with a fake runtime, load generator and gate: no process is started. */
final class BenchRunnerTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testANormalRunWarmsUpThenMeasuresEveryRoundInRotatedOrder(): void
    {
        $runtimes = new FakeRuntimes();
        $load = new FakeLoadGenerator(['http://127.0.0.1:20001' => 150.0]);

        $result = $this->bench($runtimes, $load);

        $order = array_map(static fn (array $run): string => substr($run[0], -1).'@'.$run[1], $load->runs);
        self::assertSame([
            '0@1', '1@1', '2@1',  // warm-up: 1 s each, in the configured order
            '0@2', '1@2', '2@2',  // round 1
            '1@2', '2@2', '0@2',  // round 2 starts one further
            '2@2', '0@2', '1@2',  // round 3
        ], $order);
        self::assertSame(['none', 'all', 'small'], array_map(static fn (ScenarioRecord $r): string => $r->name, $result->scenarios));
        foreach ($result->scenarios as $record) {
            self::assertSame([1, 2, 3], array_keys($record->runs), $record->name);
            self::assertTrue($record->isMeasured());
            self::assertSame([10 * 1048576, 10 * 1048576], $record->server->workerPss);
        }
        $all = $result->scenario('all');
        self::assertNotNull($all);
        self::assertSame(7, $all->server->opcacheStatus?->preload->classes);
        self::assertSame(0.25, $all->server->fpmStartSeconds);
        self::assertSame(150.0, $all->runs[1]->requestsPerSecond());
        self::assertSame([], $runtimes->notStopped(), 'every runtime is stopped at the end');

        $environment = $result->environment;
        self::assertSame('8.2.99', $environment->phpSetup->version, 'as the workers report it');
        self::assertSame('www-data', $environment->phpSetup->user);
        self::assertEquals(new OpcacheSettings('128M', '8M', '10000', '0', 'off'), $environment->phpSetup->opcache);
        self::assertSame(['/'], $environment->urls);
        self::assertSame(0.5, (new BenchReportBuilder())->build($result)->rows[1]->gain());
    }

    public function testTogetherEveryScenarioOfARoundIsLoadedAtTheSameTimeAndTheOthersAreNotCountedAsOutsideLoad(): void
    {
        $runtimes = new FakeRuntimes();
        $fake = new FakeLoadGenerator(['http://127.0.0.1:20001' => 150.0], null, ['http://127.0.0.1:20000' => 5.0, 'http://127.0.0.1:20001' => 4.0, 'http://127.0.0.1:20002' => 4.5], $runtimes);
        $load = new FakeBackgroundLoad($fake);
        $proc = new FakeProcDirectory();
        $proc->write('stat', "cpu  1000 0 300 5000 0 0 0 250 0 0\n");
        foreach (['self' => '0-1', 1001 => '0', 1002 => '0-1'] as $pid => $cores) {
            $proc->write("$pid/status", "Cpus_allowed_list:\t$cores\n");
        }
        $processes = new FakeProcessRunner();
        try {
            $result = $this->bench($runtimes, $load, meter: new RunMeter(new MachineCpu($proc->path, $proc->path.'/sys'), 2), schedule: 'together', placement: new WorkerPlacement($processes, $proc->path));
        } finally {
            $proc->remove();
        }

        self::assertSame([
            'start 20000', 'start 20001', 'start 20002', 'end 20000', 'end 20001', 'end 20002', // warm-up, all at once
            'start 20000', 'start 20001', 'start 20002', 'end 20000', 'end 20001', 'end 20002', // round 1
            'start 20001', 'start 20002', 'start 20000', 'end 20001', 'end 20002', 'end 20000', // round 2 starts one further
            'start 20002', 'start 20000', 'start 20001', 'end 20002', 'end 20000', 'end 20001', // round 3
        ], $load->events, 'every run of a round starts before any ends; none runs alone');
        self::assertSame('together', $result->environment->roundPlan->schedule->value);
        // Each server's workers (the fakes' 1001 and 1002) spread over cores 0 and 1: 1001 is on 0 already.
        self::assertSame(['taskset', '-pc', '1', '1002'], $processes->ran[0]);
        self::assertSame([['taskset', '-pc', '1', '1002']], array_values(array_unique($processes->ran, \SORT_REGULAR)));
        self::assertSame('each server\'s PHP worker i on core i mod 2 (cores 0,1)', $result->environment->workerPlacement);
        $all = $result->scenario('all');
        self::assertNotNull($all);
        self::assertEqualsWithDelta(4.0, $all->byRound(Metric::CpuPerRequest)[2], 1e-9);
        // Meanwhile none's server used 5 ms × 208 requests, small's 4.5 ms × 208, and each one's load tool 0.5 s.
        self::assertEqualsWithDelta(1.04 + 0.936 + 2 * 0.5, $all->conditions[1]->neighbourSeconds, 1e-9, 'the other scenarios\' servers and tools');
        self::assertSame(0.0, $result->environment->machine->during?->otherShare, 'the neighbours are not load from elsewhere');
        self::assertSame([], $runtimes->notStopped());
    }

    public function testInTurnsEachScenarioRunsAloneEvenWithAToolThatCouldRunInTheBackground(): void
    {
        $load = new FakeBackgroundLoad(new FakeLoadGenerator());

        $result = $this->bench(new FakeRuntimes(), $load, schedule: 'turns');

        self::assertSame(['run 20000', 'run 20001', 'run 20002', 'run 20000', 'run 20001', 'run 20002'], \array_slice($load->events, 0, 6));
        self::assertSame('turns', $result->environment->roundPlan->schedule->value);
        self::assertNull($result->environment->workerPlacement, 'alone on the machine, the workers are left where the kernel puts them');
    }

    public function testEveryServerIsStartedAnewEveryFewRoundsAndTheRoundsKnowWhichStartRanThem(): void
    {
        $runtimes = new FakeRuntimes();
        $load = new FakeLoadGenerator(['http://127.0.0.1:20001' => 150.0]);

        $result = $this->bench($runtimes, $load, restartEvery: 2, rounds: 5);

        // 3 scenarios started once, then again before rounds 3 and 5.
        self::assertCount(9, $runtimes->all);
        self::assertSame([], $runtimes->notStopped(), 'each restart stopped the server it replaced, the end the last ones');
        $warmUps = array_map(static fn (array $run): float => $run[1], $load->runs);
        self::assertSame([1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0], $warmUps, 'each start warmed up before it is measured');
        foreach ($result->scenarios as $record) {
            self::assertSame([1 => 1, 2 => 1, 3 => 2, 4 => 2, 5 => 3], $record->instances, $record->name);
        }
        self::assertSame(PairedEstimator::RestartsMedian, (new BenchReportBuilder())->build($result)->rows[1]->throughput->comparison?->estimator, 'three starts: the gain is taken over them');
    }

    public function testRoundsGoOnPastTheMinimumUntilEveryGainIsWithinThePrecision(): void
    {
        $load = new FakeLoadGenerator([], self::ratios(['all' => static fn (int $run): float => [1.30, 1.50][$run] ?? 1.40, 'small' => static fn (): float => 1.0]));

        $result = $this->bench(new FakeRuntimes(), $load, maxTime: 600.0, clock: self::clock($load));

        $stopping = $result->stopping;
        self::assertNotNull($stopping);
        self::assertSame(StopReason::PrecisionReached, $stopping->reason);
        self::assertGreaterThan(3, $stopping->rounds, 'the 3 rounds planned leave "all" at ±10 points');
        self::assertLessThan(20, $stopping->rounds);
        self::assertSame($stopping->rounds, $result->rounds);
        self::assertSame($stopping->rounds, $result->environment->roundPlan->rounds);
        self::assertSame(6.0 * $stopping->rounds, $stopping->measuredSeconds, '3 runs of 2 s a round on the test\'s clock');
        self::assertSame(Metric::RequestsPerSecond, $stopping->metric);
        $comparison = (new BenchReportBuilder())->build($result)->rows[1]->throughput->comparison;
        self::assertLessThanOrEqual(2.0, StoppingRule::halfWidthPoints($comparison));
        self::assertGreaterThan(2.0, StoppingRule::halfWidthPoints(self::compareRounds($result, 'all', $stopping->rounds - 1)), 'one round fewer was not precise enough');
        foreach ($result->scenarios as $record) {
            self::assertSame(range(1, $stopping->rounds), array_keys($record->runs), $record->name.' ran every round');
        }
    }

    public function testRoundsStopBeforeTheOneThatWouldNotFitInTheTimeLeft(): void
    {
        // "all" swings between +20 % and +60 %: its interval never narrows to ±2 points.
        $load = new FakeLoadGenerator([], self::ratios(['all' => static fn (int $run): float => 0 === $run % 2 ? 1.2 : 1.6]));

        $result = $this->bench(new FakeRuntimes(), $load, maxTime: 31.0, clock: self::clock($load));

        // A round takes 6 s: after round 4, 24 s + 6 s fits in 31 s; after round 5, 36 s would not.
        self::assertSame(5, $result->stopping?->rounds);
        self::assertSame(StopReason::TimeLimit, $result->stopping->reason);
        self::assertSame(30.0, $result->stopping->measuredSeconds);
        self::assertCount(3 + 5 * 3, $load->runs, 'warm-up, then five rounds');
    }

    public function testTheRoundAfterWhichEveryServerStartsAnewIsNotStartedWhenItsRestartWouldNotFit(): void
    {
        // "all" never gets precise; each run takes 2 s (a round of 3 scenarios 6 s) and starting a server 20 s on
        // the test's clock: the first start of all three and their warm-up took 63 s, and so would a restart.
        $load = new FakeLoadGenerator([], self::ratios(['all' => static fn (int $run): float => 0 === $run % 2 ? 1.2 : 1.6]));
        $runtimes = new FakeRuntimes();
        $clock = static fn (): float => array_sum(array_map(static fn (array $run): float => $run[1], $load->runs)) + 20.0 * \count($runtimes->all);

        $result = $this->bench($runtimes, $load, maxTime: 50.0, clock: $clock, restartEvery: 2, rounds: 2);

        // After round 2 (12 s) a normal round would fit in 50 s, but round 3 begins with a restart: 6 + 63 s do not.
        self::assertSame(2, $result->stopping?->rounds);
        self::assertSame(StopReason::TimeLimit, $result->stopping->reason);
        self::assertSame(12.0, $result->stopping->measuredSeconds);
        self::assertCount(3, $runtimes->all, 'no server was started anew');
    }

    public function testARestartCountsInTheTimeAndItsMeasuredCostEstimatesTheNext(): void
    {
        $load = new FakeLoadGenerator([], self::ratios(['all' => static fn (int $run): float => 0 === $run % 2 ? 1.2 : 1.6]));
        $runtimes = new FakeRuntimes();
        $clock = static fn (): float => array_sum(array_map(static fn (array $run): float => $run[1], $load->runs)) + 20.0 * \count($runtimes->all);

        $result = $this->bench($runtimes, $load, maxTime: 150.0, clock: $clock, restartEvery: 2, rounds: 2);

        // Rounds 1-2: 12 s; round 3 with its restart 69 s (81 s); round 4: 87 s; round 5 would restart again: 156 s.
        self::assertSame(4, $result->stopping?->rounds);
        self::assertSame(87.0, $result->stopping->measuredSeconds);
    }

    public function testTheMinimumRoundsRunEvenWhenTheyTakeLongerThanTheTimeLimit(): void
    {
        $load = new FakeLoadGenerator([], self::ratios(['all' => static fn (int $run): float => 0 === $run % 2 ? 1.2 : 1.6]));

        $result = $this->bench(new FakeRuntimes(), $load, maxTime: 5.0, clock: self::clock($load));

        self::assertSame(3, $result->stopping?->rounds);
        self::assertSame(StopReason::TimeLimit, $result->stopping->reason);
    }

    public function testOnlyTheBaselineMeasuredStopsAtTheMinimumRounds(): void
    {
        $load = new FakeLoadGenerator();

        $result = $this->bench(new FakeRuntimes(), $load, new FakeGate(['all', 'small']), maxTime: 600.0, clock: self::clock($load));

        self::assertSame(3, $result->stopping?->rounds);
        self::assertSame(StopReason::NothingToCompare, $result->stopping->reason);
    }

    /**
     * A load hook that answers a scenario's measured runs with the baseline's 100 req/s times its ratio for
     * that run (counted from 0, after its warm-up); scenarios not named answer 100 req/s.
     *
     * @param array<string, \Closure(int): float> $ratios by scenario (the fake runtimes' ports end in 0 for none, 1 for all, 2 for small)
     *
     * @return \Closure(int, LoadTarget): ?LoadResult
     */
    private static function ratios(array $ratios): \Closure
    {
        $names = ['0' => 'none', '1' => 'all', '2' => 'small'];
        $seen = [];

        return static function (int $run, LoadTarget $target) use ($ratios, $names, &$seen): ?LoadResult {
            $name = $names[substr($target->baseUrl, -1)];
            $index = $seen[$name] = ($seen[$name] ?? -2) + 1; // the first run is the warm-up
            if ($index < 0 || !isset($ratios[$name])) {
                return null;
            }

            return FakeLoadGenerator::result(100.0 * $ratios[$name]($index), 2.0);
        };
    }

    /** @return \Closure(): float a clock on which every load run takes its duration */
    private static function clock(FakeLoadGenerator $load): \Closure
    {
        return static fn (): float => array_sum(array_map(static fn (array $run): float => $run[1], $load->runs));
    }

    private static function compareRounds(BenchResult $result, string $name, int $rounds): ?PairedComparison
    {
        $record = $result->scenario($name);
        $baseline = $result->scenario('none');
        self::assertNotNull($record);
        self::assertNotNull($baseline);
        $upTo = static fn (array $byRound): array => array_filter($byRound, static fn (int $round): bool => $round <= $rounds, \ARRAY_FILTER_USE_KEY);

        return (new PairedComparator())->compare($upTo($record->byRound(Metric::RequestsPerSecond)), $upTo($baseline->byRound(Metric::RequestsPerSecond)));
    }

    public function testAVoidRunIsKeptAndLeftOutOfTheValidRuns(): void
    {
        // Run 8 is round 2's second: scenario "small" (round 2 starts with "all").
        $load = new FakeLoadGenerator([], static fn (int $run, LoadTarget $target): ?LoadResult => 8 === $run ? FakeLoadGenerator::result(100.0, 2.0, 3) : null);

        $result = $this->bench(new FakeRuntimes(), $load);

        $small = $result->scenario('small');
        self::assertNotNull($small);
        self::assertTrue($small->isMeasured(), 'a void run does not break the scenario');
        self::assertFalse($small->runs[2]->isValid());
        self::assertSame('3 non-2xx, 0 socket errors, 0 timeouts', $small->runs[2]->voidReason());
        self::assertCount(2, $small->validRuns());
        self::assertSame([2 => '3 non-2xx, 0 socket errors, 0 timeouts'], (new BenchReportBuilder())->build($result)->rows[2]->voidRuns());
    }

    public function testAServerThatDiesMidRoundStopsTheRunAndEveryRuntime(): void
    {
        $runtimes = new FakeRuntimes();
        // During run 7 (round 2, scenario "all"), php-fpm of "all" dies.
        $load = new FakeLoadGenerator([], static function (int $run) use ($runtimes): ?LoadResult {
            if (7 === $run) {
                $runtimes->started['all']->kill();
            }

            return null;
        });

        try {
            $this->bench($runtimes, $load);
            self::fail('a dead server must end the run');
        } catch (RuntimeError $error) {
            self::assertStringContainsString('php-fpm for scenario all died during round 2', $error->getMessage());
            self::assertStringContainsString('fake log line', $error->getMessage());
        }
        self::assertCount(7, $load->runs, 'nothing is run after the death');
        self::assertSame([], $runtimes->notStopped());
    }

    public function testALoadThatFailsOnOneScenarioLeavesThatScenarioOutAndTheOthersMeasured(): void
    {
        $runtimes = new FakeRuntimes();
        // Run 5 is round 1's "all" (after 3 warm-ups and round 1's "none"): php-cgi fails on its script alone.
        $failure = ProcessFailed::timedOut(['php-cgi', '-T', '5', 'index.php'], 60.0);
        $load = new FakeLoadGenerator([], static fn (int $run): ?LoadResult => 5 === $run ? throw $failure : null);
        $events = new EventLog();

        $result = $this->bench($runtimes, $load, restartEvery: 2, progress: $events);

        $all = $result->scenario('all');
        $small = $result->scenario('small');
        self::assertNotNull($all);
        self::assertNotNull($small);
        self::assertFalse($all->isMeasured());
        self::assertStringStartsWith('its load failed in round 1: ', $all->problems[0]);
        self::assertStringContainsString('php-cgi -T 5 index.php', $all->problems[0]);
        self::assertSame([1, 2, 3], array_keys($small->runs), 'the other scenarios are measured in every round');
        self::assertContains('Scenario all not measured: its load failed in round 1', $events->summaries);
        $loadedUrls = array_map(static fn (array $run): string => $run[0], \array_slice($load->runs, 5));
        self::assertNotContains('http://127.0.0.1:20001', $loadedUrls, 'nothing loads it after, not even the warm-up of a restart');
        self::assertSame([], $runtimes->notStopped());
    }

    public function testALoadThatFailsOnTheBaselineEndsTheBench(): void
    {
        $runtimes = new FakeRuntimes();
        $failure = ProcessFailed::timedOut(['php-cgi'], 60.0);
        $load = new FakeLoadGenerator([], static fn (int $run): ?LoadResult => 4 === $run ? throw $failure : null);

        try {
            $this->bench($runtimes, $load);
            self::fail('without the baseline there is nothing to compare with');
        } catch (ProcessFailed $caught) {
            self::assertSame($failure, $caught);
        }
        self::assertSame([], $runtimes->notStopped());
    }

    public function testAnInterruptedRunStopsEveryRuntime(): void
    {
        $runtimes = new FakeRuntimes();
        // The run ends from inside a load run (here run 5, in round 1), as on Ctrl-C: in production the supervisor's
        // signal handler stops the servers itself and exits; here an exception stands for it and the runner must stop them.
        $interrupt = new \RuntimeException('interrupted');
        $load = new FakeLoadGenerator([], static fn (int $run): ?LoadResult => 5 === $run ? throw $interrupt : null);

        try {
            $this->bench($runtimes, $load);
            self::fail('the interruption must reach the caller');
        } catch (\RuntimeException $caught) {
            self::assertSame($interrupt, $caught);
        }
        self::assertSame(['none', 'all', 'small'], array_keys($runtimes->started));
        self::assertSame([], $runtimes->notStopped(), 'an interrupted run leaves no server behind');
        self::assertCount(5, $load->runs, 'nothing is run after the interruption');
    }

    public function testAScenarioThatDoesNotStartOrFailsTheGateIsReportedNotMeasured(): void
    {
        $runtimes = new FakeRuntimes(['all']);
        $load = new FakeLoadGenerator();

        $result = $this->bench($runtimes, $load, new FakeGate(['small']));

        $all = $result->scenario('all');
        $small = $result->scenario('small');
        self::assertNotNull($all);
        self::assertNotNull($small);
        self::assertStringContainsString('php-fpm for scenario all did not start', $all->problems[0]);
        self::assertSame(['/ differs from the baseline'], $small->problems);
        self::assertSame([], $all->runs);
        self::assertSame([], $small->runs);
        self::assertCount(1 + 3, $load->runs, 'only the baseline is warmed up and measured');
        self::assertSame([], $runtimes->notStopped());
    }

    public function testTheRunnerSaysEachStepAsAnEventAndNoFailureWithTheSuccessMark(): void
    {
        $stderr = new BufferedOutput();
        $recorded = new RecordingProgress(new ConsoleProgressLogger($stderr));

        $this->bench(new FakeRuntimes(['all']), new FakeLoadGenerator(), new FakeGate(['small']), progress: $recorded);

        self::assertSame([], $recorded->sentences, 'the runner builds no sentence: it emits events');
        $lines = $stderr->fetch();
        self::assertStringContainsString(" ✗ Scenario all not measured: it did not start\n", $lines);
        self::assertStringContainsString(
            " ! Pages checked: 1 scenario(s) serve them correctly, 2 broken (reported, not measured)\n",
            $lines,
        );
        self::assertStringContainsString(" ✓ Warmed up 1 scenario(s), 1 s each (discarded)\n", $lines);
        self::assertMatchesRegularExpression('/^ ✓ Round 3 done \([\d.]+ s measured, 3 of 3 rounds, no time limit for more\): nothing to compare; target ±2$/m', $lines);
        self::assertMatchesRegularExpression(
            '/^ ✓ Measured 3 round\(s\) of 1 scenario\(s\) in [\d.]+ s: no scenario to compare with the baseline$/m',
            $lines,
        );
        self::assertStringNotContainsString('✓ Scenario all', $lines);
        self::assertContains('Preparing small', $recorded->stages);
        self::assertContains('Round 2: none', $recorded->stages);
    }

    public function testTheReportRendersTheGainsTheRunnerComputedOnce(): void
    {
        $result = $this->bench(new FakeRuntimes(), new FakeLoadGenerator(['http://127.0.0.1:20001' => 150.0]));

        $gains = $result->comparisons;
        self::assertNotNull($gains);
        $report = (new BenchReportBuilder())->build($result);
        self::assertNotNull($gains->gain('all', Metric::RequestsPerSecond));
        // The very objects the runner computed: the report computed no gain over the baseline again.
        self::assertSame($gains->gain('all', Metric::RequestsPerSecond), $report->rows[1]->throughput->comparison);
        self::assertSame($gains->gain('small', Metric::RequestsPerSecond), $report->rows[2]->metric(Metric::RequestsPerSecond)?->comparison);
        self::assertNull($gains->gain('none', Metric::RequestsPerSecond), 'the baseline has no gain over itself');
    }

    public function testEachRunCarriesTheCpuItsServerSpentAndWhatTheMachineDid(): void
    {
        $runtimes = new FakeRuntimes();
        // none 5 ms of PHP CPU per request, all 4 ms, small 4.5 ms (the fake runtimes' ports from 20000 in order).
        $load = new FakeLoadGenerator(['http://127.0.0.1:20001' => 150.0], null, ['http://127.0.0.1:20000' => 5.0, 'http://127.0.0.1:20001' => 4.0, 'http://127.0.0.1:20002' => 4.5], $runtimes);
        $proc = new FakeProcDirectory();
        $proc->write('stat', 'cpu  1000 0 300 5000 0 0 0 250 0 0
');
        $proc->write('loadavg', '1.25 1.00 0.75 2/100 1000
');
        $proc->write('cpuinfo', 'processor	: 0
model name	: Example CPU
');
        try {
            $result = $this->bench($runtimes, $load, meter: new RunMeter(new MachineCpu($proc->path, $proc->path.'/sys'), 2));
        } finally {
            $proc->remove();
        }

        $all = $result->scenario('all');
        self::assertNotNull($all);
        self::assertSame([1, 2, 3], array_keys($all->byRound(Metric::CpuPerRequest)));
        // 300 requests a run counted by the tool (150 req/s over 2 s), 308 served with the 8 left in flight
        // (one per connection), 1.232 CPU seconds charged for them; the warm-up's CPU is not.
        self::assertEqualsWithDelta(1.232, (float) $all->runs[1]->phpCpuSeconds, 1e-9);
        self::assertSame(300, $all->runs[1]->requests);
        self::assertSame(308, $all->runs[1]->phpRequests, "by the server's count, less its own status readings");
        self::assertEqualsWithDelta(4.0, $all->byRound(Metric::CpuPerRequest)[1], 1e-9);
        self::assertCount(3, $all->conditions);
        self::assertSame(2, $all->conditions[1]->cores);
        self::assertSame(1.25, $all->conditions[1]->loadAverage);

        $report = (new BenchReportBuilder())->build($result);
        self::assertSame(Metric::CpuPerRequest, $report->primary->metric);
        self::assertEqualsWithDelta(0.25, (float) $report->rows[1]->metric(Metric::CpuPerRequest)?->comparison?->gain(), 1e-9, '5 ms ÷ 4 ms');
        self::assertSame('Example CPU', $result->environment->machine->cpuModel);
        self::assertSame([1.25, 1.0, 0.75], $result->environment->machine->during?->loadAverage);
        self::assertSame(0.0, $result->environment->machine->during->stealShare, '/proc/stat did not move');
    }

    public function testAToolThatRunsPhpItselfIsNotChargedTheServersCpu(): void
    {
        $runtimes = new FakeRuntimes();
        $fake = new FakeLoadGenerator([], null, [], $runtimes);
        $inProcess = new class($fake) implements InProcessLoad {
            public function __construct(private readonly FakeLoadGenerator $load)
            {
            }

            public function name(): string
            {
                return 'cgi';
            }

            public function warmsUpInEachRun(): bool
            {
                return false;
            }

            public function run(LoadTarget $target, LoadSettings $settings, float $duration): LoadResult
            {
                return $this->load->run($target, $settings, $duration);
            }
        };

        $result = $this->bench($runtimes, $inProcess);

        self::assertSame([], $result->scenario('all')?->byRound(Metric::CpuPerRequest));
        self::assertSame(Metric::RequestsPerSecond, (new BenchReportBuilder())->build($result)->primary->metric);
    }

    public function testABaselineThatServesWrongPagesMeasuresNothing(): void
    {
        $runtimes = new FakeRuntimes();
        $load = new FakeLoadGenerator();

        $this->expectException(GateFailure::class);
        try {
            $this->bench($runtimes, $load, new FakeGate(['none']));
        } finally {
            self::assertSame([], $load->runs);
            self::assertSame([], $runtimes->notStopped());
        }
    }

    public function testEachScenarioRunsOnTheRuntimeKindItsLayersAskForAndAMissingKindIsSkippedNotBroken(): void
    {
        $app = \dirname(__DIR__, 2).'/Fixtures/bench/app';
        $fpm = new FakeRuntimes();
        $apache = new FakeRuntimes();
        $config = BenchConfigs::make($app, [new UrlSpec('/')], [
            ScenarioSpec::parse('none', 'none', $app, Strategies::standard()),
            ScenarioSpec::parse('apache', 'none', $app, Strategies::standard())->withLayers(new ScenarioLayers(runtime: new ApacheModPhpKind())),
            ScenarioSpec::parse('ceiling', 'none', $app, Strategies::standard())->withLayers(new ScenarioLayers(runtime: new WorkerKind())),
        ], rounds: 2, duration: 1.0, warmup: 0.0, maxTime: 0.0);

        $result = (new BenchRunner(new FakePreparation(), $fpm, new FakeGate(), new FakeLoadGenerator([]), kinds: new RuntimeKinds(['fpm' => $fpm, 'mod_php' => $apache])))
            ->run($config, $this->directory->path.'/work');

        self::assertSame(['none'], array_keys($fpm->started));
        self::assertSame(['apache'], array_keys($apache->started));
        $ceiling = $result->scenario('ceiling');
        self::assertNotNull($ceiling);
        self::assertFalse($ceiling->isMeasured());
        self::assertSame([], $ceiling->problems, 'nothing is wrong: the kind is not there');
        self::assertSame('not measured: no worker runtime in this version of Preheat (there are: fpm, mod_php)', $ceiling->skipped);
        self::assertCount(2, $result->scenario('apache')?->validRuns() ?? []);
        self::assertNull((new BenchReportBuilder())->build($result)->rows[2]->throughput->requestsPerSecond);
    }

    public function testAToolThatWarmsUpInEachRunGetsNoWarmUpOfItsOwn(): void
    {
        $load = new FakeLoadGenerator(warmsUpInEachRun: true);

        $result = $this->bench(new FakeRuntimes(), $load);

        self::assertCount(3 * 3, $load->runs, 'the rounds only: a warm-up run under valgrind would cost minutes for nothing');
        self::assertSame([2.0], array_values(array_unique(array_column($load->runs, 1))));
        self::assertSame(0.0, $result->environment->roundPlan->warmup, 'the report says no warm-up ran; the tool\'s settings say how it warms up');
    }

    /**
     * @param float                    $maxTime 0 by default: exactly the 3 planned rounds
     * @param (\Closure(): float)|null $clock
     */
    private function bench(FakeRuntimes $runtimes, LoadGenerator $load, FakeGate $gate = new FakeGate(), float $maxTime = 0.0, ?\Closure $clock = null, RunMeter $meter = new RunMeter(), ?string $schedule = null, ?WorkerPlacement $placement = null, int $restartEvery = 0, int $rounds = 3, ProgressLogger $progress = new NullProgressLogger()): BenchResult
    {
        $app = \dirname(__DIR__, 2).'/Fixtures/bench/app';
        $config = BenchConfigs::make(
            $app,
            [new UrlSpec('/')],
            [ScenarioSpec::parse('none', 'none', $app, Strategies::standard()), ScenarioSpec::parse('all', 'all', $app, Strategies::standard()), ScenarioSpec::parse('small', 'hot', $app, Strategies::standard())],
            rounds: $rounds,
            duration: 2.0,
            warmup: 1.0,
            precision: 2.0,
            maxTime: $maxTime,
            schedule: $schedule,
            restartEvery: $restartEvery,
        );

        return (new BenchRunner(new FakePreparation(), $runtimes, $gate, $load, progress: $progress, clock: $clock, meter: $meter, placement: $placement))->run($config, $this->directory->path.'/work');
    }
}

/** Passes everything on, and keeps every stage's description and every finished step said as a bare sentence. */
final class RecordingProgress implements ProgressLogger
{
    /** @var list<string> */
    public array $stages = [];

    /** @var list<string> */
    public array $sentences = [];

    public function __construct(private readonly ProgressLogger $inner)
    {
    }

    public function stage(string|StageEvent $stage): void
    {
        $this->stages[] = $stage instanceof StageEvent ? $stage->description() : $stage;
        if (!$stage instanceof StageEvent) {
            $this->sentences[] = $stage;
        }
        $this->inner->stage($stage);
    }

    public function advance(int $done, int $total): void
    {
        $this->inner->advance($done, $total);
    }

    public function finish(string|ProgressEvent $summary): void
    {
        if (!$summary instanceof ProgressEvent) {
            $this->sentences[] = $summary;
        }
        $this->inner->finish($summary);
    }
}

/** Keeps the summary of every finished step. */
final class EventLog implements ProgressLogger
{
    /** @var list<string> */
    public array $summaries = [];

    public function stage(string|StageEvent $stage): void
    {
    }

    public function advance(int $done, int $total): void
    {
    }

    public function finish(string|ProgressEvent $summary): void
    {
        $this->summaries[] = $summary instanceof ProgressEvent ? $summary->summary() : $summary;
    }
}
