<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Config\Duration;
use Preheat\Bench\Gate\ScenarioGate;
use Preheat\Bench\Load\BackgroundLoadGenerator;
use Preheat\Bench\Load\InProcessLoad;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadRun;
use Preheat\Bench\Load\LoadRuns;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Bench\Result\Environment;
use Preheat\Bench\Result\MachineLoad;
use Preheat\Bench\Rounds\MetricComparisons;
use Preheat\Bench\Rounds\PrimaryComparisons;
use Preheat\Bench\Rounds\RoundsOutcome;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Rounds\StopReason;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\ProgressLogger;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeError;
use Preheat\Server\RuntimeFactory;
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

    /** Why the PHP workers of this run could not be spread over the cores; null while they could (see WorkerPlacement). */
    private ?string $placementProblem = null;

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
        /** @var array<string, ScenarioRecordBuilder> $scenarios */
        $scenarios = [];
        /** @var array<string, Runtime> $running */
        $running = [];
        /** @var array<string, \Closure(): Runtime> $starts how each scenario's server is started, again at each restart */
        $starts = [];
        $settings = new LoadSettings($config->duration, $config->concurrency, $config->requestTimeout, 1, $config->cgiRequests, $config->callgrindRequests, $config->callgrindWarmup);
        $machineAtStart = $this->meter->machineNow();
        $loadAtStart = $this->meter->loadAverage();
        $before = null;
        try {
            foreach ($config->scenarios as $index => $spec) {
                $directory = \sprintf('%s/%02d-%s', $workDirectory, $index + 1, $spec->name);
                if (!is_dir($directory) && !mkdir($directory, 0777, true)) {
                    throw FileSystemError::cannotCreateDirectory($directory);
                }
                $this->progress->stage('Preparing '.$spec->name);
                $scenario = $scenarios[$spec->name] = new ScenarioRecordBuilder($this->preparer->prepare($spec, $config, $directory));
                $prepared = $scenario->prepared;
                $runtimes = $this->runtimesFor($prepared->runtime);
                if (null === $runtimes && null === $prepared->skipped) {
                    $scenario = $scenarios[$spec->name] = new ScenarioRecordBuilder($prepared->skipping(\sprintf(
                        'not measured: no %s runtime in this version of Preheat (there are: %s)',
                        $prepared->runtime,
                        implode(', ', $this->kinds->kinds() ?: [$config->runtime]),
                    )));
                }
                if (!$scenario->isMeasured() || null === $runtimes) {
                    $this->progress->finish(\sprintf('Scenario %s %s', $spec->name, $scenario->prepared->skipped ?? 'not measured: '.($scenario->problems()[0] ?? '')));
                    continue;
                }
                try {
                    $starts[$spec->name] = static fn (): Runtime => $runtimes->start($spec->name, $directory, $prepared->preloadScript, $prepared->ini);
                    $running[$spec->name] = $runtime = $starts[$spec->name]();
                    $scenario->started($runtime->startSeconds());
                    $this->progress->finish(\sprintf('Scenario %s: %s; PHP up in %.2f s on %s', $spec->name, $prepared->preparation, $runtime->startSeconds(), substr($runtime->baseUrl(), \strlen('http://'))));
                } catch (RuntimeError $error) {
                    if ($spec === $config->baseline()) {
                        throw $error;
                    }
                    $scenario->fail($error->getMessage());
                    $this->progress->finish(\sprintf('Scenario %s not measured: it did not start', $spec->name));
                }
            }

            $this->gateAll($config, $scenarios, $running);
            $plan = new BenchPlan(array_keys(array_filter($scenarios, static fn (ScenarioRecordBuilder $s): bool => $s->isMeasured())), $config->rounds);

            $this->warmUp($config, $plan, $running, $settings);

            $before = $this->meter->machineSince($machineAtStart)->withLoadAverage($loadAtStart);
            $outcome = $this->measure($config, $plan, $scenarios, $running, $starts, $settings);
            foreach ($plan->scenarios as $name) {
                $scenarios[$name]->collected($running[$name]->opcacheStatus(), $running[$name]->workerMemory());
            }
        } finally {
            foreach ($running as $runtime) {
                $runtime->stop();
            }
        }

        return new BenchResult(
            array_values(array_map(static fn (ScenarioRecordBuilder $s) => $s->build(), $scenarios)),
            $config->baseline()->name,
            $this->environment($config, $settings, $scenarios, $outcome->rounds, $before),
            array_map(static fn ($u): string => $u->path, $config->urls),
            $outcome->rounds,
            $outcome,
            $config->ladder,
        );
    }

    /** The load tool when the rounds load every scenario at the same time: asked for, and the tool runs in the background; null when they take turns (in-process tools always do). */
    private function togetherLoad(BenchConfig $config): ?BackgroundLoadGenerator
    {
        return 'together' === $config->schedule && $this->load instanceof BackgroundLoadGenerator ? $this->load : null;
    }

    /** The factory for a runtime kind: the bench's own for none; null when this version has no such kind. */
    private function runtimesFor(?string $kind): ?RuntimeFactory
    {
        return null === $kind ? $this->runtimes : $this->kinds->get($kind);
    }

    /**
     * Discarded load before the rounds, on the schedule of the rounds: every scenario at once, or each in turn.
     *
     * @param array<string, Runtime> $running
     */
    private function warmUp(BenchConfig $config, BenchPlan $plan, array $running, LoadSettings $settings): void
    {
        if ($config->warmup <= 0 || $this->load->warmsUpInEachRun()) {
            return;
        }
        $load = $this->togetherLoad($config);
        if (null !== $load) {
            $this->progress->stage('Warming up every scenario together');
            $runtimes = array_intersect_key($running, array_flip($plan->scenarios));
            $this->spreadWorkers($runtimes);
            LoadRuns::startAll($this->loadStarts($load, $config, $runtimes, $settings, $config->warmup));
            foreach ($runtimes as $runtime) {
                $runtime->ensureRunning('warm-up');
            }
            $this->progress->finish(\sprintf('Warmed up %d scenario(s) together for %g s (discarded)', \count($plan->scenarios), $config->warmup));

            return;
        }
        foreach ($plan->scenarios as $name) {
            $this->progress->stage('Warming up '.$name);
            $this->load->run($this->target($config, $running[$name]), $settings, $config->warmup);
            $running[$name]->ensureRunning('warm-up');
        }
        $this->progress->finish(\sprintf('Warmed up %d scenario(s), %g s each (discarded)', \count($plan->scenarios), $config->warmup));
    }

    /**
     * How to start each runtime's load in the background, for so many seconds.
     *
     * @param array<string, Runtime> $runtimes
     *
     * @return array<string, \Closure(): LoadRun>
     */
    private function loadStarts(BackgroundLoadGenerator $load, BenchConfig $config, array $runtimes, LoadSettings $settings, float $seconds): array
    {
        $starts = [];
        foreach ($runtimes as $name => $runtime) {
            $target = $this->target($config, $runtime);
            $starts[$name] = static fn (): LoadRun => $load->start($target, $settings, $seconds);
        }

        return $starts;
    }

    /**
     * The rounds: the planned ones, then more until the stopping rule says enough.
     *
     * @param array<string, ScenarioRecordBuilder> $scenarios
     * @param array<string, Runtime>               $running   replaced at each restart, so that the caller stops the ones running
     * @param array<string, \Closure(): Runtime>   $starts
     */
    private function measure(BenchConfig $config, BenchPlan $plan, array $scenarios, array &$running, array $starts, LoadSettings $settings): RoundsOutcome
    {
        $rule = $config->stoppingRule();
        $baseline = $config->baseline()->name;
        $roundSeconds = [];
        for ($round = 1;; ++$round) {
            $started = ($this->clock)();
            if ($config->restartEvery > 0 && $round > 1 && 0 === ($round - 1) % $config->restartEvery) {
                // Counted in the round's time: the time limit covers restarts too.
                $this->restart($config, $plan, $scenarios, $running, $starts, $settings, $round);
            }
            $slots = $plan->round($round);
            $together = $this->togetherLoad($config);
            if (null !== $together) {
                $this->roundTogether($together, $config, $round, $slots, $scenarios, $running, $settings);
            } else {
                $this->roundInTurns($config, $round, $slots, $scenarios, $running, $settings);
            }
            $records = array_values(array_map(static fn (ScenarioRecordBuilder $s) => $s->build(), $scenarios));
            $comparisons = $this->comparisons->compare($records, $baseline);
            // The comparisons (bootstraps) are part of what a round costs: the time limit counts them too.
            $roundSeconds[] = ($this->clock)() - $started;
            $reason = $rule->decide($roundSeconds, $comparisons);
            $this->progress->finish(self::roundLine($round, array_sum($roundSeconds), $rule, $comparisons, $baseline));
            if (null !== $reason) {
                $outcome = new RoundsOutcome($rule, $round, array_sum($roundSeconds), $reason, $this->comparisons->metric());
                $this->progress->finish(\sprintf('Measured %d round(s) of %d scenario(s) in %s: %s', $round, \count($plan->scenarios), Duration::format($outcome->measuredSeconds), self::stopLine($outcome, $comparisons)));

                return $outcome;
            }
        }
    }

    /**
     * Every measured scenario's server stopped and started anew (the same script, php.ini and directory),
     * then warmed up again: the rounds from here on run on other instances (see BenchConfig::DEFAULT_RESTART_EVERY).
     *
     * @param array<string, ScenarioRecordBuilder> $scenarios
     * @param array<string, Runtime>               $running
     * @param array<string, \Closure(): Runtime>   $starts
     */
    private function restart(BenchConfig $config, BenchPlan $plan, array $scenarios, array &$running, array $starts, LoadSettings $settings, int $round): void
    {
        $this->progress->stage(\sprintf('Starting every server anew before round %d', $round));
        foreach ($plan->scenarios as $name) {
            $running[$name]->stop();
            $running[$name] = $starts[$name]();
            $scenarios[$name]->restarted();
        }
        $this->progress->finish(\sprintf('Started every server anew before round %d', $round));
        $this->warmUp($config, $plan, $running, $settings);
    }

    /**
     * One round, the scenarios one after another, each alone on the machine.
     *
     * @param list<RoundSlot>                      $slots
     * @param array<string, ScenarioRecordBuilder> $scenarios
     * @param array<string, Runtime>               $running
     */
    private function roundInTurns(BenchConfig $config, int $round, array $slots, array $scenarios, array $running, LoadSettings $settings): void
    {
        foreach ($slots as $done => $slot) {
            $this->progress->stage(\sprintf('Round %d: %s', $round, $slot->scenario));
            $this->progress->advance($done, \count($slots));
            $runtime = $running[$slot->scenario];
            $runtime->ensureRunning(\sprintf('round %d', $round));
            $reading = $this->meter->before($runtime);
            $result = $this->load->run($this->target($config, $runtime), $settings, $config->duration);
            [$result, $conditions] = $this->meter->after($reading, $runtime, $result, !$this->load instanceof InProcessLoad);
            $runtime->ensureRunning(\sprintf('round %d', $round));
            $scenarios[$slot->scenario]->ran($round, $result, $conditions);
            $this->progress->advance($done + 1, \count($slots));
        }
    }

    /**
     * One round, every scenario loaded at the same time: each meets the same machine (the same noisy
     * neighbours on the host, the same clock speed), so what the machine does to their CPU per
     * request falls on all of them alike and cancels out of their ratios. The server's readings are
     * taken in the round's rotated order, right before the loads start and after they have all ended.
     *
     * @param list<RoundSlot>                      $slots
     * @param array<string, ScenarioRecordBuilder> $scenarios
     * @param array<string, Runtime>               $running
     */
    private function roundTogether(BackgroundLoadGenerator $load, BenchConfig $config, int $round, array $slots, array $scenarios, array $running, LoadSettings $settings): void
    {
        $this->progress->stage(\sprintf('Round %d: %d scenarios together', $round, \count($slots)));
        // In the round's rotated order.
        $runtimes = [];
        foreach ($slots as $slot) {
            $runtimes[$slot->scenario] = $running[$slot->scenario];
        }
        $this->spreadWorkers($runtimes);
        $readings = [];
        foreach ($runtimes as $name => $runtime) {
            $runtime->ensureRunning(\sprintf('round %d', $round));
            $readings[$name] = $this->meter->before($runtime);
        }
        $results = LoadRuns::startAll($this->loadStarts($load, $config, $runtimes, $settings, $config->duration));
        $measured = [];
        foreach ($runtimes as $name => $runtime) {
            $measured[$name] = $this->meter->after($readings[$name], $runtime, $results[$name], true);
            $runtime->ensureRunning(\sprintf('round %d', $round));
        }
        // What the other scenarios' servers and load tools used meanwhile is not load from elsewhere.
        $own = array_map(static fn (array $m): float => ($m[1]->serverCpuSeconds ?? 0.0) + ($m[1]->toolCpuSeconds ?? 0.0), $measured);
        foreach ($measured as $name => [$result, $conditions]) {
            $scenarios[$name]->ran($round, $result, $conditions?->besideNeighbours(array_sum($own) - $own[$name]));
        }
    }

    /**
     * Loaded together, each server's PHP workers are spread over the cores (see WorkerPlacement), again
     * each round for workers forked since. A failure is said once and the bench goes on without.
     *
     * @param array<string, Runtime> $running
     */
    private function spreadWorkers(array $running): void
    {
        if (null === $this->placement || null !== $this->placementProblem) {
            return;
        }
        foreach ($running as $name => $runtime) {
            $problem = $this->placement->spread($runtime->workerPids());
            if (null !== $problem) {
                $this->placementProblem = $problem;
                $this->progress->finish(\sprintf('The PHP workers of %s could not be spread over the cores (%s): they run where the kernel puts them', $name, $problem));

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

        return \sprintf('each server\'s PHP worker i on core i mod %d (cores %s)', \count($cores), implode(',', $cores));
    }

    /**
     * After each round, how far the gains are from the target: the widest interval's half-width.
     *
     * @param array<string, PairedComparison|null> $comparisons
     */
    private static function roundLine(int $round, float $seconds, StoppingRule $rule, array $comparisons, string $baseline): string
    {
        $widest = StoppingRule::widest($comparisons);
        $state = match (true) {
            null === $widest => 'nothing to compare',
            null === $widest[1] => \sprintf('%s vs %s has no interval yet (it needs %d paired rounds)', $widest[0], $baseline, PairedComparator::MIN_ROUNDS),
            default => \sprintf('widest 95%% interval ±%.1f points (%s vs %s)', $widest[1], $widest[0], $baseline),
        };

        return \sprintf('Round %d done (%s measured): %s; target ±%s', $round, Duration::format($seconds), $state, self::points($rule->precisionPoints));
    }

    /** @param array<string, PairedComparison|null> $comparisons */
    private static function stopLine(RoundsOutcome $outcome, array $comparisons): string
    {
        $rule = $outcome->rule;
        $missed = array_filter($comparisons, static fn (?PairedComparison $c): bool => !$rule->mayStop($c));

        return match ($outcome->reason) {
            StopReason::PrecisionReached => \sprintf('every gain within ±%s points', self::points($rule->precisionPoints)),
            StopReason::NothingToCompare => 'no scenario to compare with the baseline',
            StopReason::TimeLimit => \sprintf(
                'time limit %s; ±%s points not reached by %s',
                Duration::format($rule->maxSeconds),
                self::points($rule->precisionPoints),
                implode(', ', array_map(static fn (string $name, ?PairedComparison $c): string => null === ($w = StoppingRule::halfWidthPoints($c)) ? $name.' (no interval)' : \sprintf('%s (±%.1f)', $name, $w), array_keys($missed), $missed)),
            ),
        };
    }

    private static function points(float $points): string
    {
        return rtrim(rtrim(\sprintf('%.2f', $points), '0'), '.');
    }

    /**
     * @param array<string, ScenarioRecordBuilder> $scenarios
     * @param array<string, Runtime>               $running
     */
    private function gateAll(BenchConfig $config, array $scenarios, array $running): void
    {
        $this->progress->stage('Checking every page before timing');
        $baselineName = $config->baseline()->name;
        $measured = array_filter($scenarios, static fn (ScenarioRecordBuilder $s): bool => $s->isMeasured());
        $notes = [];
        if (!isset($running[$baselineName])) {
            // A baseline script that failed verification: nothing to compare with, each scenario is only checked to serve its pages.
            foreach ($measured as $name => $scenario) {
                $scenario->fail(...$this->gate->baseline($name, $config->urls, $running[$name]->url(...))->result->problems);
            }
        } else {
            // The baseline first, fetched several times: what changes between its identical requests is masked in all.
            $baseline = $this->gate->baseline($baselineName, $config->urls, $running[$baselineName]->url(...));
            if (!$baseline->result->passed()) {
                throw new GateFailure($baselineName, $baseline->result->problems, $running[$baselineName]->logTail());
            }
            $notes = $baseline->result->notes;
            foreach ($measured as $name => $scenario) {
                if ($name !== $baselineName) {
                    $scenario->fail(...$this->gate->check($name, $config->urls, $running[$name]->url(...), $baseline)->problems);
                }
            }
        }
        $skipped = array_filter($scenarios, static fn (ScenarioRecordBuilder $s): bool => null !== $s->prepared->skipped);
        $broken = array_filter($scenarios, static fn (ScenarioRecordBuilder $s): bool => !$s->isMeasured() && null === $s->prepared->skipped);
        $this->progress->finish(\sprintf(
            'Pages checked: %d scenario(s) serve them correctly%s%s%s',
            \count($scenarios) - \count($broken) - \count($skipped),
            [] === $broken ? '' : ', '.\count($broken).' broken (reported, not measured)',
            [] === $skipped ? '' : ', '.\count($skipped).' not measured (see why)',
            [] === $notes ? '' : '; '.implode('; ', $notes),
        ));
    }

    private function target(BenchConfig $config, Runtime $runtime): LoadTarget
    {
        return new LoadTarget(
            $runtime->baseUrl(),
            array_map(static fn ($u): string => $u->path, $config->urls),
            $runtime->phpIni(),
            $config->documentRoot,
            $config->frontController,
        );
    }

    /** @param array<string, ScenarioRecordBuilder> $scenarios */
    private function environment(BenchConfig $config, LoadSettings $settings, array $scenarios, int $rounds, ?MachineLoad $before): Environment
    {
        $conditions = array_merge(...array_values(array_map(static fn (ScenarioRecordBuilder $s): array => $s->conditions(), $scenarios)));
        $during = MachineLoad::over(...$conditions)?->withLoadAverage($this->meter->loadAverage());

        $status = null;
        foreach ($scenarios as $scenario) {
            $status ??= $scenario->opcacheStatus();
        }
        $ini = static fn (string $name): string => null === $status ? '?' : $status->ini($name);
        $php = $this->runtimes->php();

        return new Environment(
            $status->php ?? \PHP_VERSION,
            [
                'memory_consumption' => $ini('memory_consumption').'M',
                'interned_strings_buffer' => $ini('interned_strings_buffer').'M',
                'max_accelerated_files' => $ini('max_accelerated_files'),
                'validate_timestamps' => '' === $ini('validate_timestamps') ? '0' : $ini('validate_timestamps'),
                'jit' => $status?->ini('jit') ?: 'off',
            ],
            Cpu::cores(),
            match ($config->runtime) {
                'mod_php' => $config->workers.' (Apache prefork + mod_php)',
                'worker' => $config->workers.' (persistent workers: app booted once)',
                default => $config->workers.' (pm = static)',
            },
            $config->tool,
            $settings->describe($config->tool),
            $rounds,
            $config->duration,
            $this->load->warmsUpInEachRun() ? 0.0 : $config->warmup,
            array_map(static fn ($u): string => $u->path, $config->urls),
            basename($config->projectRoot),
            $php->settings->describe(),
            // As the workers themselves report it, not as configured.
            $status->user ?? $php->user,
            Environment::NOTE,
            $before,
            $during,
            $this->meter->cpuModel(),
            $this->meter->governor(),
            null !== $this->togetherLoad($config) ? 'together' : 'turns',
            $this->placement($config),
            $config->restartEvery,
        );
    }
}
