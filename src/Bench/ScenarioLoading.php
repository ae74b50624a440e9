<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Event\BenchStage;
use Preheat\Bench\Event\ScenarioNotMeasured;
use Preheat\Bench\Event\WarmedUp;
use Preheat\Bench\Event\WorkersNotSpread;
use Preheat\Bench\Load\BackgroundLoadGenerator;
use Preheat\Bench\Load\InProcessLoad;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadRun;
use Preheat\Bench\Load\LoadRuns;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Bench\Load\Schedule;
use Preheat\Bench\Result\RoundPlan;
use Preheat\EnvironmentError;
use Preheat\Progress\ProgressLogger;
use Preheat\Server\Runtime;
use Preheat\Server\WorkerPlacement;

/**
 * The load of one bench run's warm-ups and rounds on the scenarios' servers: every scenario of a round at the same
 * time when the configuration asks for it and the tool runs in the background, else each in turn, alone on the
 * machine. Each run is measured (RunMeter) and recorded on its scenario; a scenario whose load fails is out, the
 * baseline's failure ends the bench. One instance serves one run: it remembers whether the workers could be spread.
 */
final class ScenarioLoading
{
    private readonly LoadSettings $settings;

    /**
     * Why the PHP workers of this run could not be spread over the cores; null while they could (see
     * WorkerPlacement).
     */
    private ?string $placementProblem = null;

    public function __construct(
        private readonly BenchConfig $config,
        private readonly LoadGenerator $load,
        private readonly RunMeter $meter,
        private readonly ProgressLogger $progress,
        private readonly ?WorkerPlacement $placement = null,
    ) {
        $this->settings = $config->load->settings;
    }

    /**
     * The load tool when the rounds load every scenario at the same time: asked for, and the tool runs in
     * the background; null when they take turns (in-process tools always do).
     */
    public function together(): ?BackgroundLoadGenerator
    {
        return Schedule::Together === $this->config->load->schedule && $this->load instanceof BackgroundLoadGenerator
            ? $this->load
            : null;
    }

    /**
     * Discarded load before the rounds, on the schedule of the rounds: every scenario at once, or each in turn.
     *
     * @param list<ScenarioRun> $runs
     */
    public function warmUp(array $runs): void
    {
        if ($this->config->load->warmup <= 0 || $this->load->warmsUpInEachRun()) {
            return;
        }
        $load = $this->together();
        if (null !== $load) {
            $this->progress->stage(BenchStage::warmingUp(null));
            $this->spreadWorkers($runs);
            LoadRuns::startAll($this->loadStarts($load, $runs, $this->config->load->warmup));
            foreach ($runs as $run) {
                $run->runtime()->ensureRunning('warm-up');
            }
            $this->progress->finish(new WarmedUp(\count($runs), $this->config->load->warmup, true));

            return;
        }
        foreach ($runs as $run) {
            $this->progress->stage(BenchStage::warmingUp($run->name()));
            $this->load->run($this->target($run->runtime()), $this->settings, $this->config->load->warmup);
            $run->runtime()->ensureRunning('warm-up');
        }
        $this->progress->finish(new WarmedUp(\count($runs), $this->config->load->warmup, false));
    }

    /**
     * One round of the scenarios given, in their order: loaded together or in turns, as together() says.
     *
     * @param list<ScenarioRun> $runs in the round's order
     */
    public function round(int $round, array $runs): void
    {
        $together = $this->together();
        if (null !== $together) {
            $this->roundTogether($together, $round, $runs);
        } else {
            $this->roundInTurns($round, $runs);
        }
    }

    /** How the workers were placed, for the report: null when they were not spread. */
    public function placement(): ?string
    {
        $cores = $this->placement?->cores() ?? [];
        if (null === $this->together() || null !== $this->placementProblem || \count($cores) < 2) {
            return null;
        }

        return \sprintf(
            'each server\'s PHP worker i on core i mod %d (cores %s)',
            \count($cores),
            implode(',', $cores),
        );
    }

    /** How the rounds ran, for the report. */
    public function roundPlan(int $rounds): RoundPlan
    {
        return new RoundPlan(
            rounds: $rounds,
            duration: $this->config->load->duration,
            warmup: $this->load->warmsUpInEachRun() ? 0.0 : $this->config->load->warmup,
            schedule: null !== $this->together() ? Schedule::Together : Schedule::Turns,
            restartEvery: $this->config->load->restartEvery,
        );
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
        array $runs,
        float $seconds,
    ): array {
        $starts = [];
        $settings = $this->settings;
        foreach ($runs as $run) {
            $target = $this->target($run->runtime());
            $starts[$run->name()] = static fn (): LoadRun => $load->start($target, $settings, $seconds);
        }

        return $starts;
    }

    /**
     * One round, the scenarios one after another, each alone on the machine.
     *
     * @param list<ScenarioRun> $runs in the round's order
     */
    private function roundInTurns(int $round, array $runs): void
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
                $result = $this->load->run($this->target($runtime), $this->settings, $this->config->load->duration);
            } catch (EnvironmentError $error) {
                // A tool that runs PHP itself (php-cgi, valgrind) can fail on one scenario's script alone,
                // e.g. a preload past a time limit: that scenario is not measured; the baseline's failure
                // leaves nothing to compare with and ends the bench.
                if ($run->name() === $this->config->baseline()->name) {
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
        int $round,
        array $runs,
    ): void {
        $this->progress->stage(BenchStage::roundTogether($round, \count($runs)));
        $this->spreadWorkers($runs);
        $readings = [];
        foreach ($runs as $run) {
            $run->runtime()->ensureRunning(\sprintf('round %d', $round));
            $readings[$run->name()] = $this->meter->before($run->runtime());
        }
        $results = LoadRuns::startAll($this->loadStarts($load, $runs, $this->config->load->duration));
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

    private function target(Runtime $runtime): LoadTarget
    {
        return new LoadTarget(
            $runtime->baseUrl(),
            $this->config->pages,
            $runtime->phpIni(),
            $this->config->serve->documentRoot,
            $this->config->serve->frontController,
        );
    }
}
