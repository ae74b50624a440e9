<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\BenchResult;
use Preheat\Bench\Ladder\Ladder;
use Preheat\Bench\Ladder\LadderRung;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Statistics\BaselineComparator;
use Preheat\Bench\Statistics\BaselineComparisons;
use Preheat\Bench\Statistics\Bootstrap;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Bench\Statistics\PrimaryMetric;
use Preheat\Bench\Statistics\Sample;
use Preheat\Bench\Statistics\Verdict;

/**
 * Statistics over rounds: medians and spread of req/s and time per request, latency percentiles
 * (median over rounds), the gain against the baseline from paired rounds (`BaselineComparisons`, as the
 * runner computed them once from its final records: the estimate, its interval, the verdict and the
 * outlier rounds), the time per request that follows from that same ratio, and the memory and start-up
 * figures. Only the ladder's gains of a rung over the rung below are computed here: no one else does.
 */
final class BenchReportBuilder
{
    /**
     * How far two identical servers' CPU per request lie apart on the demo's virtual machine: A/A runs
     * (bench/aa.sh) with the scenarios loaded together found gains of identical pairs up to about 1%,
     * steady until the servers are restarted, so a narrow interval over the rounds of one start does not
     * cover them. A verdict on a smaller gain from such an interval gets a note (over restarts, none is due).
     */
    public const SERVER_INSTANCE_SPREAD = 0.01;

    private readonly BaselineComparator $comparator;

    /** The bootstrap has a fixed seed: the same runs give the same interval. */
    public function __construct(
        private readonly float $confidenceLevel = 0.95,
        Bootstrap $bootstrap = new Bootstrap(10000, 1),
    ) {
        $this->comparator = new BaselineComparator(new PairedComparator($bootstrap, $confidenceLevel));
    }

    /** @param Provenance|null $provenance the run's (Provenance::collect()); none for a result made by hand */
    public function build(BenchResult $result, ?Provenance $provenance = null): BenchReport
    {
        // A result made by hand (a test, a report read back) has none: computed here then, as the runner would.
        $gains = $result->comparisons
            ?? BaselineComparisons::of($result->scenarios, $result->baseline, $this->comparator);
        // The baseline's row first: every other row scales its figures by the paired ratios.
        $record = $result->scenario($result->baseline);
        $baseline = null === $record ? null : $this->row($result, $gains, $record, null);
        $rows = [];
        foreach ($result->scenarios as $record) {
            $rows[] = $record->name === $result->baseline && null !== $baseline
                ? $baseline
                : $this->row($result, $gains, $record, $baseline);
        }

        $primary = PrimaryMetric::choose($result->scenarios, $result->baseline, $result->environment->machine->during);
        $ladder = null === $result->ladder
            ? null
            : $this->ladder($result, $gains, $result->ladder, $primary->metric, $rows);

        return new BenchReport(
            $rows,
            $result->baseline,
            $result->environment,
            $this->confidenceLevel,
            $primary,
            $result->stopping,
            $ladder,
            $provenance,
            self::withinInstanceSpread($rows),
        );
    }

    /**
     * The scenarios whose verdict on the baseline rests on a gain smaller than two identical servers differ by,
     * from an interval over the rounds of one start of the servers (over restarts, the interval itself covers
     * how servers started anew differ).
     *
     * @param list<ScenarioRow> $rows
     *
     * @return array<string, true> scenario name => true
     */
    private static function withinInstanceSpread(array $rows): array
    {
        $within = [];
        foreach ($rows as $row) {
            $comparison = $row->throughput->comparison;
            if (
                null !== $comparison
                && null !== $comparison->verdict()
                && Verdict::NoMeasurableDifference !== $comparison->verdict()
                && !$comparison->estimator->spansRestarts()
                && abs($comparison->gain()) < self::SERVER_INSTANCE_SPREAD
            ) {
                $within[$row->name] = true;
            }
        }

        return $within;
    }

    /**
     * Each rung against the nearest measured rung below it and against the baseline, paired by round on the
     * report's primary metric (`BaselineComparator`). A reference is compared with the rung it leaves out
     * the layer of: the rung below the rung it mirrors.
     *
     * @param list<ScenarioRow> $scenarioRows the report's rows, one of which each rung shows
     */
    private function ladder(
        BenchResult $result,
        BaselineComparisons $gains,
        Ladder $ladder,
        Metric $metric,
        array $scenarioRows,
    ): LadderReport {
        $byName = [];
        foreach ($scenarioRows as $row) {
            $byName[$row->name] = $row;
        }
        $rows = [];
        $measuredBelow = null;
        foreach ($ladder->steps() as $rung) {
            $record = $result->scenario($rung->name());
            if (null === $record) {
                continue;
            }
            $rows[$rung->number] = $this->ladderRow(
                $result,
                $gains,
                $rung,
                $record,
                $byName[$record->name],
                $measuredBelow,
                $metric,
            );
            if ($record->isMeasured()) {
                $measuredBelow = $record;
            }
        }
        foreach ($ladder->rungs as $rung) {
            $record = $result->scenario($rung->name());
            if (!$rung->reference || null === $record) {
                continue;
            }
            // The steps' own order decides what is below: the rung that comes before the one it mirrors,
            // without the layer it leaves out.
            $below = null;
            foreach ($ladder->steps() as $step) {
                $candidate = $result->scenario($step->name());
                if ($step->number < $rung->number - 1
                    && null !== $candidate
                    && $candidate->isMeasured()
                    && $step->scenario->layers->autoload === $rung->scenario->layers->autoload) {
                    $below = $candidate;
                }
            }
            $rows[] = $this->ladderRow($result, $gains, $rung, $record, $byName[$record->name], $below, $metric);
        }
        $rows = array_values($rows);
        $reference = null;
        foreach ($rows as $row) {
            if (Ladder::REFERENCE === $row->rung->name()) {
                $reference = $row;
            }
        }
        $all = $result->scenario(Ladder::PRELOAD_ALL);
        $autoloader = $result->scenario(Ladder::AUTOLOADER);
        $overClassmap = null;
        if (null !== $all && null !== $autoloader && $all->isMeasured() && $autoloader->isMeasured()) {
            // With the rung between them not measured, rung 5's gain over the rung below is this very one.
            $allRow = null;
            foreach ($rows as $row) {
                if (Ladder::PRELOAD_ALL === $row->rung->name()) {
                    $allRow = $row;
                }
            }
            $overClassmap = Ladder::AUTOLOADER === $allRow?->below
                ? $allRow->overBelow
                : $this->comparator->compare($all, $autoloader, $metric);
        }

        return new LadderReport($metric, $rows, $overClassmap, $reference?->overBelow);
    }

    private function ladderRow(
        BenchResult $result,
        BaselineComparisons $gains,
        LadderRung $rung,
        ScenarioRecord $record,
        ScenarioRow $row,
        ?ScenarioRecord $below,
        Metric $metric,
    ): LadderRow {
        $baseline = $result->scenario($result->baseline);
        $overBelow = null === $below || !$record->isMeasured()
            ? null
            : $this->comparator->compare($record, $below, $metric);
        $overBaseline = null === $baseline || $record === $baseline || !$record->isMeasured()
            ? null
            : $gains->gain($record->name, $metric);

        $ranWith = null === $rung->adds ? $record->setup->preparation : ($record->setup->layers[$rung->adds] ?? '');
        // Which autoloader a rung above the autoloader rung built on: the rung's classmap, or the app's own.
        if (\in_array($rung->adds, ['preload', 'runtime'], true) && '' !== $ranWith) {
            $ranWith .= '; on '.($record->setup->layers['autoload'] ?? 'the app\'s own autoloader');
        }

        return new LadderRow($rung, $row, $below?->name, $overBelow, $ranWith, $overBaseline);
    }

    /** @param ScenarioRow|null $baseline the baseline's row; null when this is the baseline */
    private function row(
        BenchResult $result,
        BaselineComparisons $gains,
        ScenarioRecord $record,
        ?ScenarioRow $baseline,
    ): ScenarioRow {
        $duration = $result->environment->roundPlan->duration;
        $cores = max(1, $result->environment->machine->cores);
        $valid = $record->validRuns();
        $rps = $this->rps($record);
        $comparison = null;
        $time = Spread::of(array_map(static fn (LoadResult $r): float => $r->timePerRequestMs(), $valid));
        $headlineTime = $time?->median;
        if (null !== $baseline) {
            $comparison = $gains->gain($record->name, Metric::RequestsPerSecond);
            $baselineTime = $baseline->throughput->timePerRequestMs;
            // The baseline's time scaled by the same paired ratio as the gain: the two never disagree in direction.
            $headlineTime = null === $comparison || null === $baselineTime || $comparison->ratio <= 0.0
                ? null
                : $baselineTime->median / $comparison->ratio;
        }
        $median = static function (array $values): ?float {
            $values = array_values(array_filter($values, static fn ($v): bool => null !== $v));

            return [] === $values ? null : (new Sample($values))->median();
        };
        $server = $record->server;
        $status = $server->opcacheStatus;
        $cpu = array_values(array_filter(
            array_map(static fn (LoadResult $r): ?float => $r->toolCpuSeconds, $valid),
            static fn ($v): bool => null !== $v,
        ));
        // The share of the machine's CPU time the load tool used while it ran.
        $toolCpuShare = [] === $cpu || $duration <= 0 ? null : (new Sample($cpu))->median() / ($duration * $cores);

        return new ScenarioRow(
            name: $record->name,
            setup: $record->setup,
            problems: $record->problems,
            throughput: new Throughput(
                requestsPerSecond: Spread::of($rps),
                timePerRequestMs: $time,
                headlineTimePerRequestMs: $headlineTime,
                comparison: $comparison,
                toolCpuShare: $toolCpuShare,
            ),
            latency: new LatencyPercentiles(
                p50Ms: $median(array_map(static fn (LoadResult $r): ?float => $r->latency->p50Ms, $valid)),
                p90Ms: $median(array_map(static fn (LoadResult $r): ?float => $r->latency->p90Ms, $valid)),
                p99Ms: $median(array_map(static fn (LoadResult $r): ?float => $r->latency->p99Ms, $valid)),
            ),
            preload: new PreloadFootprint(
                classes: self::preloadedClasses($record),
                scripts: null === $status ? null : \count($status->preload->scripts),
                functions: $status?->preload->functions,
                memoryBytes: $status?->preload->memoryBytes,
            ),
            server: new ServerFootprint(
                opcacheUsedBytes: $status?->memory->usedBytes,
                workerPssBytes: [] === $server->workerPss ? null : (int) array_sum($server->workerPss),
                workers: [] === $server->workerPss ? null : \count($server->workerPss),
                fpmStartSeconds: $server->fpmStartSeconds,
                warnings: $server->warnings,
            ),
            skipped: $record->skipped,
            metrics: $this->metrics($gains, $record, $baseline),
            runs: array_map(
                static fn (int $round, LoadResult $run): RoundRun => new RoundRun(
                    $round,
                    $record->instances[$round] ?? 1,
                    $run,
                    $record->conditions[$round] ?? null,
                ),
                array_keys($record->runs),
                array_values($record->runs),
            ),
        );
    }

    /**
     * Every metric the scenario or the baseline measured, each with its paired gain.
     *
     * @return array<string, MetricSummary>
     */
    private function metrics(BaselineComparisons $gains, ScenarioRecord $record, ?ScenarioRow $baseline): array
    {
        $metrics = [];
        foreach (Metric::cases() as $metric) {
            $own = Spread::of(array_values($record->byRound($metric)));
            $reference = $baseline?->metric($metric)?->spread;
            if (null === $own && null === $reference) {
                continue;
            }
            if (null === $baseline) {
                $metrics[$metric->value] = new MetricSummary($metric, $own, $own?->median, null);
                continue;
            }
            $comparison = $gains->gain($record->name, $metric);
            $headline = null;
            if (null !== $comparison && null !== $reference && $comparison->ratio > 0.0) {
                // The baseline's median moved by the paired speed-up: up for req/s, down for a cost.
                $headline = $metric->higherIsBetter()
                    ? $reference->median * $comparison->ratio
                    : $reference->median / $comparison->ratio;
            }
            $metrics[$metric->value] = new MetricSummary($metric, $own, $headline, $comparison);
        }

        return $metrics;
    }

    /**
     * The classes OPcache really preloaded: its own count, less those it refused at start-up. Its status lists a
     * class it could not link ("Can't preload unlinked class") or found declared already among the preloaded
     * ones, though requests get neither from the preload.
     */
    private static function preloadedClasses(ScenarioRecord $record): ?int
    {
        $listed = $record->server->opcacheStatus?->preload->classes;

        return null === $listed ? null : max(0, $listed - ($record->server->warnings->refusedClasses ?? 0));
    }

    /** @return list<float> req/s of the runs that count */
    private function rps(ScenarioRecord $record): array
    {
        return array_map(static fn (LoadResult $r): float => $r->requestsPerSecond(), $record->validRuns());
    }
}
