<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Event\BenchStage;
use Preheat\Bench\Event\IntervalsOutOfReach;
use Preheat\Bench\Event\PagesChecked;
use Preheat\Bench\Event\RoundFinished;
use Preheat\Bench\Event\RoundsStopped;
use Preheat\Bench\Event\ScenarioNotMeasured;
use Preheat\Bench\Event\ScenarioStarted;
use Preheat\Bench\Event\ServersRestarted;
use Preheat\Bench\Event\WarmedUp;
use Preheat\Bench\Event\WorkersNotSpread;
use Preheat\Bench\Gate\ScenarioGate;
use Preheat\Bench\Load\BackgroundLoadGenerator;
use Preheat\Bench\Load\InProcessLoad;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadRun;
use Preheat\Bench\Load\LoadRuns;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Bench\Load\Schedule;
use Preheat\Bench\Result\Environment;
use Preheat\Bench\Result\LoadTool;
use Preheat\Bench\Result\Machine;
use Preheat\Bench\Result\MachineLoad;
use Preheat\Bench\Result\OpcacheSettings;
use Preheat\Bench\Result\PhpSetup;
use Preheat\Bench\Result\RoundPlan;
use Preheat\Bench\Rounds\MetricComparisons;
use Preheat\Bench\Rounds\PrimaryComparisons;
use Preheat\Bench\Rounds\RoundsOutcome;
use Preheat\Bench\Rounds\RoundTimes;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\Bench\Statistics\BaselineComparisons;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\EnvironmentError;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\ProgressLogger;
use Preheat\Server\ConcurrentStarts;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeError;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\RuntimeKind;
use Preheat\Server\RuntimeKinds;
use Preheat\Server\WorkerPlacement;
use Preheat\Util\Cpu;
use Preheat\Util\FileSystemError;

/**
 * Runs a benchmark: prepares every scenario's script, starts one runtime per scenario, gates them
 * for correctness, warms them up, then measures the runs of a BenchPlan (scenarios interleaved, the
 * order rotated each round, so that machine noise falls on all of them alike), round after round
 * until its StoppingRule finds every gain precise enough or the time used up. Whatever happens,
 * every runtime it started is stopped before it returns or throws. Everything it talks to is an
 * interface: tests run it with fakes.
 */
final class BenchRunner
{
    /** @var \Closure(): float seconds on a monotonic clock */
    private readonly \Closure $clock;

    /**
     * Why the PHP workers of this run could not be spread over the cores; null while they could (see
     * WorkerPlacement).
     */
    private ?string $placementProblem = null;

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
        $this->placementProblem = null;
        $this->startSeconds = 0.0;
        $runs = new ScenarioRuns();
        $settings = $config->load->settings;
        $machineAtStart = $this->meter->machineNow();
        $loadAtStart = $this->meter->loadAverage();
        try {
            foreach ($config->scenarios as $index => $spec) {
                $directory = \sprintf('%s/%02d-%s', $workDirectory, $index + 1, $spec->name);
                $runs->add($this->startScenario($config, $spec, $directory));
            }

            $this->gateAll($config, $runs);
            $plan = $runs->plan($config->stopping->rounds);

            $warmUpStarted = ($this->clock)();
            $this->warmUp($config, $runs->planned($plan), $settings);
            $this->startSeconds += ($this->clock)() - $warmUpStarted;

            $before = $this->meter->machineSince($machineAtStart)->withLoadAverage($loadAtStart);
            [$outcome, $last] = $this->measure($config, $plan, $runs, $settings);
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
            $this->environment($config, $settings, $runs, $outcome->rounds, $before),
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

    /**
     * The load tool when the rounds load every scenario at the same time: asked for, and the tool runs in
     * the background; null when they take turns (in-process tools always do).
     */
    private function togetherLoad(BenchConfig $config): ?BackgroundLoadGenerator
    {
        return Schedule::Together === $config->load->schedule && $this->load instanceof BackgroundLoadGenerator
            ? $this->load
            : null;
    }

    /** The factory for a runtime kind: the bench's own for none; null when this version has no such kind. */
    private function runtimesFor(?RuntimeKind $kind): ?RuntimeFactory
    {
        return null === $kind ? $this->runtimes : $this->kinds->get($kind->name());
    }

    /**
     * Discarded load before the rounds, on the schedule of the rounds: every scenario at once, or each in turn.
     *
     * @param list<ScenarioRun> $runs
     */
    private function warmUp(BenchConfig $config, array $runs, LoadSettings $settings): void
    {
        if ($config->load->warmup <= 0 || $this->load->warmsUpInEachRun()) {
            return;
        }
        $load = $this->togetherLoad($config);
        if (null !== $load) {
            $this->progress->stage(BenchStage::warmingUp(null));
            $this->spreadWorkers($runs);
            LoadRuns::startAll($this->loadStarts($load, $config, $runs, $settings, $config->load->warmup));
            foreach ($runs as $run) {
                $run->runtime()->ensureRunning('warm-up');
            }
            $this->progress->finish(new WarmedUp(\count($runs), $config->load->warmup, true));

            return;
        }
        foreach ($runs as $run) {
            $this->progress->stage(BenchStage::warmingUp($run->name()));
            $this->load->run($this->target($config, $run->runtime()), $settings, $config->load->warmup);
            $run->runtime()->ensureRunning('warm-up');
        }
        $this->progress->finish(new WarmedUp(\count($runs), $config->load->warmup, false));
    }

    /**
     * How to start each scenario's load in the background, for so many seconds.
     *
     * @param list<ScenarioRun> $runs
     *
     * @return array<string, \Closure(): LoadRun> by scenario
     */
    private function loadStarts(
        BackgroundLoadGenerator $load,
        BenchConfig $config,
        array $runs,
        LoadSettings $settings,
        float $seconds,
    ): array {
        $starts = [];
        foreach ($runs as $run) {
            $target = $this->target($config, $run->runtime());
            $starts[$run->name()] = static fn (): LoadRun => $load->start($target, $settings, $seconds);
        }

        return $starts;
    }

    /**
     * The rounds: the planned ones, then more until the stopping rule says enough.
     *
     * @return array{RoundsOutcome, array<string, PairedComparison|null>} and the gains the rule last read
     */
    private function measure(BenchConfig $config, BenchPlan $plan, ScenarioRuns $runs, LoadSettings $settings): array
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
                $this->restart($config, $runs->stillMeasured($plan), $settings, $round);
                $restartSeconds = ($this->clock)() - $started;
            }
            $inRound = $runs->inRound($plan, $round);
            $together = $this->togetherLoad($config);
            if (null !== $together) {
                $this->roundTogether($together, $config, $round, $inRound, $settings);
            } else {
                $this->roundInTurns($config, $round, $inRound, $settings);
            }
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
    private function restart(BenchConfig $config, array $runs, LoadSettings $settings, int $round): void
    {
        $this->progress->stage(BenchStage::restarting($round));
        // Side by side: one after another, the servers' starts took more than half of the demo's measuring time.
        ConcurrentStarts::run(array_map(static fn (ScenarioRun $run): \Closure => $run->restart(...), $runs));
        $this->progress->finish(new ServersRestarted($round));
        $this->warmUp($config, $runs, $settings);
    }

    /**
     * One round, the scenarios one after another, each alone on the machine.
     *
     * @param list<ScenarioRun> $runs in the round's order
     */
    private function roundInTurns(BenchConfig $config, int $round, array $runs, LoadSettings $settings): void
    {
        foreach ($runs as $done => $run) {
            if (!$run->isMeasured()) {
                // Its load failed in an earlier round: the scenario is out, the others go on.
                continue;
            }
            $this->progress->stage(BenchStage::roundInTurns($round, $run->name()));
            $this->progress->advance($done, \count($runs));
            $runtime = $run->runtime();
            $runtime->ensureRunning(\sprintf('round %d', $round));
            $reading = $this->meter->before($runtime);
            try {
                $result = $this->load->run($this->target($config, $runtime), $settings, $config->load->duration);
            } catch (EnvironmentError $error) {
                // A tool that runs PHP itself (php-cgi, valgrind) can fail on one scenario's script alone,
                // e.g. a preload past a time limit: that scenario is not measured; the baseline's failure
                // leaves nothing to compare with and ends the bench.
                if ($run->name() === $config->baseline()->name) {
                    throw $error;
                }
                $run->record->fail(\sprintf('its load failed in round %d: %s', $round, $error->getMessage()));
                $this->progress->finish(ScenarioNotMeasured::loadFailed($run->name(), $round));
                continue;
            }
            $throughServer = !$this->load instanceof InProcessLoad;
            [$result, $conditions] = $this->meter->after($reading, $runtime, $result, $throughServer);
            $runtime->ensureRunning(\sprintf('round %d', $round));
            $run->record->ran($round, $result, $conditions);
            $this->progress->advance($done + 1, \count($runs));
        }
    }

    /**
     * One round, every scenario loaded at the same time: each meets the same machine (the same noisy
     * neighbours on the host, the same clock speed), so what the machine does to their CPU per
     * request falls on all of them alike and cancels out of their ratios. The server's readings are
     * taken in the round's rotated order, right before the loads start and after they have all ended.
     *
     * @param list<ScenarioRun> $runs in the round's order
     */
    private function roundTogether(
        BackgroundLoadGenerator $load,
        BenchConfig $config,
        int $round,
        array $runs,
        LoadSettings $settings,
    ): void {
        $this->progress->stage(BenchStage::roundTogether($round, \count($runs)));
        $this->spreadWorkers($runs);
        $readings = [];
        foreach ($runs as $run) {
            $run->runtime()->ensureRunning(\sprintf('round %d', $round));
            $readings[$run->name()] = $this->meter->before($run->runtime());
        }
        $results = LoadRuns::startAll($this->loadStarts($load, $config, $runs, $settings, $config->load->duration));
        $measured = [];
        foreach ($runs as $run) {
            $name = $run->name();
            $measured[$name] = $this->meter->after($readings[$name], $run->runtime(), $results[$name], true);
            $run->runtime()->ensureRunning(\sprintf('round %d', $round));
        }
        // What the other scenarios' servers and load tools used meanwhile is not load from elsewhere.
        $own = array_map(
            static fn (array $m): float => ($m[1]->serverCpuSeconds ?? 0.0) + ($m[1]->toolCpuSeconds ?? 0.0),
            $measured,
        );
        foreach ($runs as $run) {
            [$result, $conditions] = $measured[$run->name()];
            $run->record->ran($round, $result, $conditions?->besideNeighbours(array_sum($own) - $own[$run->name()]));
        }
    }

    /**
     * Loaded together, each server's PHP workers are spread over the cores (see WorkerPlacement), again
     * each round for workers forked since. A failure is said once and the bench goes on without.
     *
     * @param list<ScenarioRun> $runs
     */
    private function spreadWorkers(array $runs): void
    {
        if (null === $this->placement || null !== $this->placementProblem) {
            return;
        }
        foreach ($runs as $run) {
            $problem = $this->placement->spread($run->runtime()->workerPids());
            if (null !== $problem) {
                $this->placementProblem = $problem;
                $this->progress->finish(new WorkersNotSpread($run->name(), $problem));

                return;
            }
        }
    }

    /** How the workers were placed, for the report: null when they were not spread. */
    private function placement(BenchConfig $config): ?string
    {
        $cores = $this->placement?->cores() ?? [];
        if (null === $this->togetherLoad($config) || null !== $this->placementProblem || \count($cores) < 2) {
            return null;
        }

        return \sprintf(
            'each server\'s PHP worker i on core i mod %d (cores %s)',
            \count($cores),
            implode(',', $cores),
        );
    }

    private function gateAll(BenchConfig $config, ScenarioRuns $runs): void
    {
        $this->progress->stage(BenchStage::checkingPages());
        $baselineName = $config->baseline()->name;
        $baseline = $runs->named($baselineName);
        $measured = $runs->measured();
        $notes = [];
        if (null === $baseline || !$baseline->hasRuntime()) {
            // A baseline script that failed verification: nothing to compare with, each scenario is only
            // checked to serve its pages.
            foreach ($measured as $run) {
                $url = $run->runtime()->url(...);
                $run->record->fail(...$this->gate->baseline($run->name(), $config->urls, $url)->result->problems);
            }
        } else {
            // The baseline first, fetched several times: what changes between its identical requests is masked in all.
            $reference = $this->gate->baseline($baselineName, $config->urls, $baseline->runtime()->url(...));
            if (!$reference->result->passed()) {
                throw new GateFailure($baselineName, $reference->result->problems, $baseline->runtime()->logTail());
            }
            $notes = $reference->result->notes;
            foreach ($measured as $run) {
                if ($run !== $baseline) {
                    $url = $run->runtime()->url(...);
                    $run->record->fail(...$this->gate->check($run->name(), $config->urls, $url, $reference)->problems);
                }
            }
        }
        $skipped = array_filter(
            $runs->all(),
            static fn (ScenarioRun $r): bool => null !== $r->record->prepared->skipped,
        );
        $broken = array_filter(
            $runs->all(),
            static fn (ScenarioRun $r): bool => !$r->record->isMeasured() && null === $r->record->prepared->skipped,
        );
        $this->progress->finish(new PagesChecked(
            \count($runs->all()) - \count($broken) - \count($skipped),
            \count($broken),
            \count($skipped),
            $notes,
        ));
    }

    private function target(BenchConfig $config, Runtime $runtime): LoadTarget
    {
        return new LoadTarget(
            $runtime->baseUrl(),
            $config->pages,
            $runtime->phpIni(),
            $config->serve->documentRoot,
            $config->serve->frontController,
        );
    }

    private function environment(
        BenchConfig $config,
        LoadSettings $settings,
        ScenarioRuns $runs,
        int $rounds,
        MachineLoad $before,
    ): Environment {
        $during = MachineLoad::over(...$runs->conditions())?->withLoadAverage($this->meter->loadAverage());

        $status = null;
        foreach ($runs->all() as $run) {
            $status ??= $run->record->opcacheStatus();
        }
        $php = $this->runtimes->php();

        return new Environment(
            phpSetup: new PhpSetup(
                version: $status->php ?? \PHP_VERSION,
                opcache: OpcacheSettings::reported($status),
                ini: $php->settings->describe(),
                // As the workers themselves report it, not as configured.
                user: $status->user ?? $php->user,
            ),
            machine: new Machine(
                cores: Cpu::cores(),
                cpuModel: $this->meter->cpuModel(),
                governor: $this->meter->governor(),
                before: $before,
                during: $during,
            ),
            workers: $config->serve->runtime->workersLine($config->serve->workers),
            loadTool: new LoadTool(name: $config->load->tool->name(), settings: $config->load->describe()),
            roundPlan: new RoundPlan(
                rounds: $rounds,
                duration: $config->load->duration,
                warmup: $this->load->warmsUpInEachRun() ? 0.0 : $config->load->warmup,
                schedule: null !== $this->togetherLoad($config) ? Schedule::Together : Schedule::Turns,
                restartEvery: $config->load->restartEvery,
            ),
            urls: $config->pages,
            project: basename($config->serve->projectRoot),
            note: Environment::NOTE,
            workerPlacement: $this->placement($config),
        );
    }
}
