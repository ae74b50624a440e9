<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Event\BenchStage;
use Preheat\Bench\Event\IntervalsOutOfReach;
use Preheat\Bench\Event\RoundFinished;
use Preheat\Bench\Event\RoundsStopped;
use Preheat\Bench\Event\ScenarioNotMeasured;
use Preheat\Bench\Event\ScenarioStarted;
use Preheat\Bench\Event\ServersRestarted;
use Preheat\Bench\Gate\ScenarioGate;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Result\Machine;
use Preheat\Bench\Rounds\MetricComparisons;
use Preheat\Bench\Rounds\PrimaryComparisons;
use Preheat\Bench\Rounds\RoundsOutcome;
use Preheat\Bench\Rounds\RoundTimes;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\Bench\Statistics\BaselineComparisons;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\ProgressLogger;
use Preheat\Server\ConcurrentStarts;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeError;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\RuntimeKind;
use Preheat\Server\RuntimeKinds;
use Preheat\Server\WorkerPlacement;
use Preheat\Util\FileSystemError;

/**
 * Runs a benchmark: prepares every scenario's script, starts one runtime per scenario, gates them
 * for correctness, warms them up, then measures the runs of a BenchPlan (scenarios interleaved, the
 * order rotated each round, so that machine noise falls on all of them alike), round after round
 * until its StoppingRule finds every gain precise enough or the time used up. Whatever happens,
 * every runtime it started is stopped before it returns or throws. Everything it talks to is an
 * interface: tests run it with fakes.
 *
 * It starts the scenarios and runs the rounds until the rule stops them; ScenarioGating checks the pages,
 * ScenarioLoading loads the servers (warm-ups and rounds, together or in turns), EnvironmentReader says what
 * the bench ran on.
 */
final class BenchRunner
{
    /** @var \Closure(): float seconds on a monotonic clock */
    private readonly \Closure $clock;

    /** Seconds spent starting the servers (not preparing their scripts) before the rounds, warm-up included. */
    private float $startSeconds = 0.0;

    public function __construct(
        private readonly ScenarioPreparation $preparer,
        private readonly RuntimeFactory $runtimes,
        private readonly ScenarioGate $gate,
        private readonly LoadGenerator $load,
        private readonly ProgressLogger $progress = new NullProgressLogger(),
        private readonly PrimaryComparisons $comparisons = new MetricComparisons(),
        ?\Closure $clock = null,
        private readonly RuntimeKinds $kinds = new RuntimeKinds([]),
        private readonly RunMeter $meter = new RunMeter(),
        private readonly ?WorkerPlacement $placement = null,
    ) {
        $this->clock = $clock ?? static fn (): float => hrtime(true) / 1e9;
    }

    public function run(BenchConfig $config, string $workDirectory): BenchResult
    {
        $this->startSeconds = 0.0;
        $runs = new ScenarioRuns();
        $loading = new ScenarioLoading($config, $this->load, $this->meter, $this->progress, $this->placement);
        $machineAtStart = $this->meter->machineNow();
        $loadAtStart = $this->meter->loadAverage();
        try {
            foreach ($config->scenarios as $index => $spec) {
                $directory = \sprintf('%s/%02d-%s', $workDirectory, $index + 1, $spec->name);
                $runs->add($this->startScenario($config, $spec, $directory));
            }

            (new ScenarioGating($this->gate, $this->progress))->checkAll($config, $runs);
            $plan = $runs->plan($config->stopping->rounds);

            $warmUpStarted = ($this->clock)();
            $loading->warmUp($runs->planned($plan));
            $this->startSeconds += ($this->clock)() - $warmUpStarted;

            $before = $this->meter->machineSince($machineAtStart)->withLoadAverage($loadAtStart);
            [$outcome, $last] = $this->measure($config, $plan, $runs, $loading);
            foreach ($runs->measured() as $run) {
                $run->record->collected($run->runtime()->opcacheStatus(), $run->runtime()->workerMemory());
            }
        } finally {
            $runs->stopAll();
        }
        $records = $runs->records();

        return new BenchResult(
            $records,
            $config->baseline()->name,
            (new EnvironmentReader($this->meter, $this->runtimes))->read(
                $config,
                $runs,
                $before,
                $loading->roundPlan($outcome->rounds),
                $loading->placement(),
            ),
            $config->pages,
            $outcome->rounds,
            $outcome,
            $config->ladder,
            // Once, from the final records; the stopping rule's last gains are these on its metric.
            BaselineComparisons::of($records, $config->baseline()->name, knownMetric: $outcome->metric, known: $last),
        );
    }

    /**
     * Prepares a scenario's script and starts its server; a scenario that cannot be served is recorded
     * as such (skipped, broken, not started) and the bench goes on without it, but not without the baseline.
     */
    private function startScenario(BenchConfig $config, ScenarioSpec $spec, string $directory): ScenarioRun
    {
        if (!is_dir($directory) && !mkdir($directory, 0o755, true)) {
            throw FileSystemError::cannotCreateDirectory($directory);
        }
        $this->progress->stage(BenchStage::preparing($spec->name));
        $prepared = $this->preparer->prepare($spec, $config, $directory);
        $runtimes = $this->runtimesFor($prepared->runtime);
        if (null === $runtimes && null === $prepared->skipped) {
            $prepared = $prepared->skipping(\sprintf(
                'not measured: no %s runtime in this version of Preheat (there are: %s)',
                $prepared->runtime?->name(),
                implode(', ', $this->kinds->kinds() ?: [$config->serve->runtime->name()]),
            ));
        }
        $record = new ScenarioRecordBuilder($prepared);
        if (null !== $prepared->skipped) {
            $this->progress->finish(ScenarioNotMeasured::skipped($spec->name, $prepared->skipped));

            return new ScenarioRun($record);
        }
        if (!$record->isMeasured() || null === $runtimes) {
            $this->progress->finish(ScenarioNotMeasured::broken($spec->name, $record->problems()[0] ?? ''));

            return new ScenarioRun($record);
        }
        $run = new ScenarioRun(
            $record,
            static fn (): Runtime => $runtimes->start(
                $spec->name,
                $directory,
                $prepared->preloadScript,
                $prepared->ini,
            ),
        );
        try {
            $started = ($this->clock)();
            $runtime = $run->start();
            $this->startSeconds += ($this->clock)() - $started;
            $this->progress->finish(new ScenarioStarted(
                $spec->name,
                $prepared->preparation,
                $runtime->startSeconds(),
                $runtime->baseUrl(),
            ));
        } catch (RuntimeError $error) {
            if ($spec === $config->baseline()) {
                throw $error;
            }
            $record->fail($error->getMessage());
            $this->progress->finish(ScenarioNotMeasured::notStarted($spec->name));
        }

        return $run;
    }

    /** The factory for a runtime kind: the bench's own for none; null when this version has no such kind. */
    private function runtimesFor(?RuntimeKind $kind): ?RuntimeFactory
    {
        return null === $kind ? $this->runtimes : $this->kinds->get($kind->name());
    }

    /**
     * The rounds: the planned ones, then more until the stopping rule says enough.
     *
     * @return array{RoundsOutcome, array<string, PairedComparison|null>} and the gains the rule last read
     */
    private function measure(BenchConfig $config, BenchPlan $plan, ScenarioRuns $runs, ScenarioLoading $loading): array
    {
        $rule = $config->stoppingRule();
        $baseline = $config->baseline()->name;
        // Before the first restart, what one costs is what starting every server took at the beginning.
        $times = new RoundTimes([], [], $config->load->restartEvery, $this->startSeconds);
        $unreachable = IntervalsOutOfReach::of($rule, $config->load->restartEvery);
        if (null !== $unreachable) {
            $this->progress->finish($unreachable);
        }
        for ($round = 1;; ++$round) {
            $started = ($this->clock)();
            $restartSeconds = null;
            if ($times->restartsBefore($round)) {
                // Counted in the round's time: the time limit covers restarts too.
                $this->restart($runs->stillMeasured($plan), $loading, $round);
                $restartSeconds = ($this->clock)() - $started;
            }
            $loading->round($round, $runs->inRound($plan, $round));
            $comparisons = $this->comparisons->compare($runs->records(), $baseline);
            // The comparisons (bootstraps) are part of what a round costs: the time limit counts them too.
            $times = $times->with(($this->clock)() - $started - ($restartSeconds ?? 0.0), $restartSeconds);
            $reason = $rule->decide($times, $comparisons);
            $measured = $times->elapsed();
            $this->progress->finish(new RoundFinished(
                $round,
                $measured,
                $rule,
                $comparisons,
                $baseline,
                $config->load->restartEvery,
            ));
            if (null !== $reason) {
                $outcome = new RoundsOutcome($rule, $round, $measured, $reason, $this->comparisons->metric());
                $this->progress->finish(new RoundsStopped($outcome, \count($plan->scenarios), $comparisons));

                return [$outcome, $comparisons];
            }
        }
    }

    /**
     * Every measured scenario's server stopped and started anew (the same script, php.ini and directory),
     * then warmed up again: the rounds from here on run on other instances (see LoadConfig::DEFAULT_RESTART_EVERY).
     *
     * @param list<ScenarioRun> $runs in the plan's order
     */
    private function restart(array $runs, ScenarioLoading $loading, int $round): void
    {
        $this->progress->stage(BenchStage::restarting($round));
        // Side by side: one after another, the servers' starts took more than half of the demo's measuring time.
        ConcurrentStarts::run(array_map(static fn (ScenarioRun $run): \Closure => $run->restart(...), $runs));
        $this->progress->finish(new ServersRestarted($round));
        $loading->warmUp($runs);
    }
}
