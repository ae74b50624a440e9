<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\RunConditions;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Session\Checks;
use Preheat\Bench\Statistics\OutlierRound;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Report\Compare\ChecksJson;
use Preheat\Report\Json\BenchJson;
use Preheat\Report\Renderer;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * The report for machines: the summary of each scenario and every run's raw figures.
 * The shape is documented in doc/bench-report.md; `version` changes when it does (a key added is no change:
 * `ladder` for a ladder run). The run's checks, when it has some, are two keys more after the report's own:
 * `comparison` and `assertions`.
 *
 * @implements Renderer<BenchReport>
 */
final class JsonRenderer implements Renderer, ShowsChecks
{
    public const VERSION = 4;

    public function __construct(private readonly ?Checks $checks = null)
    {
    }

    public function withChecks(Checks $checks): Renderer
    {
        return new self($checks);
    }

    /** The report.json document, as written to a file or the terminal. */
    public function write(object $report, OutputInterface $output): void
    {
        $document = [...self::document($report), ...(null === $this->checks ? [] : ChecksJson::keys($this->checks))];
        $output->write(
            json_encode($document, \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES | \JSON_THROW_ON_ERROR)."\n",
            false,
            OutputInterface::OUTPUT_RAW,
        );
    }

    /** @return array<string, mixed> */
    private static function document(BenchReport $report): array
    {
        $scenarios = [];
        foreach ($report->rows as $row) {
            // Under valgrind req/s measures valgrind: no req/s figures nor gain (each run keeps its own).
            $timed = $report->timesRequests();
            $instructions = $row->metric(Metric::InstructionsPerRequest)?->spread;
            $scenarios[] = [
                'name' => $row->name,
                'spec' => $row->setup->spec,
                'preparation' => $row->setup->preparation,
                'measured' => $row->isMeasured(),
                'problems' => $row->problems,
                'skipped' => $row->skipped,
                'requestsPerSecond' => $timed ? self::spread($row->throughput->requestsPerSecond) : null,
                'timePerRequestMs' => $timed ? self::spread($row->throughput->timePerRequestMs, 4) : null,
                'gain' => null === $row->throughput->comparison || !$timed
                    ? null
                    : self::gain(
                        $row->throughput->comparison,
                        $row->throughput->headlineTimePerRequestMs,
                        $report->stopping?->rule,
                    ),
                'cpuPerRequestMs' => self::spread($row->metric(Metric::CpuPerRequest)?->spread, 4),
                'instructionsPerRequest' => null === $instructions
                    ? null
                    : self::spread($instructions, 0) + [
                        'spread' => round((float) $instructions->relativeRange(), 7),
                    ],
                'headline' => self::headline($row, $report->primary->metric, $report->stopping?->rule),
                'gains' => (object) array_map(
                    static fn (MetricSummary $m): array => self::metricGain($m, $report->stopping?->rule),
                    array_filter(
                        $row->metrics,
                        static fn (MetricSummary $m): bool => null !== $m->comparison
                            && ($timed || Metric::RequestsPerSecond !== $m->metric),
                    ),
                ),
                'latencyMs' => null === $row->latency->p50Ms
                    ? null
                    : [
                        'p50' => round($row->latency->p50Ms, 3),
                        'p90' => round((float) $row->latency->p90Ms, 3),
                        'p99' => round((float) $row->latency->p99Ms, 3),
                    ],
                'preload' => [
                    'classes' => $row->preload->classes,
                    'scripts' => $row->preload->scripts,
                    'functions' => $row->preload->functions,
                    'memoryBytes' => $row->preload->memoryBytes,
                ],
                'startupWarnings' => null === $row->server->warnings
                    ? null
                    : [
                        'count' => $row->server->warnings->count,
                        'refusedClasses' => $row->server->warnings->refusedClasses,
                        'examples' => $row->server->warnings->examples,
                    ],
                'opcacheUsedBytes' => $row->server->opcacheUsedBytes,
                'workerPssBytes' => $row->server->workerPssBytes,
                'workers' => $row->server->workers,
                'fpmStartSeconds' => self::rounded($row->server->fpmStartSeconds),
                'toolCpuShare' => self::rounded($row->throughput->toolCpuShare),
                'runs' => array_map(
                    static fn (RoundRun $run): array => [
                        'round' => $run->round,
                        'instance' => $run->instance,
                    ] + BenchJson::loadResult($run->run) + [
                        'machine' => self::machine($run->machine),
                    ],
                    $row->runs,
                ),
            ];
        }

        $recommendation = Recommendation::of($report);

        return [
            'version' => self::VERSION,
            'provenance' => null === $report->provenance ? null : self::provenance($report->provenance),
            'recommendation' => ['scenario' => $recommendation->scenario, 'line' => $recommendation->line],
            'baseline' => $report->baseline,
            'confidenceLevel' => $report->confidenceLevel,
            'primaryMetric' => ['metric' => $report->primary->metric->value, 'reason' => $report->primary->reason],
            'environment' => BenchJson::environment($report->environment),
            'stopping' => self::stopping($report),
            'scenarios' => $scenarios,
        ] + (null === $report->ladder
            ? []
            : ['ladder' => self::ladder($report->ladder, $report->stopping?->rule)]);
    }

    /**
     * When, by what and on what the run was made.
     *
     * @return array{time: string, preheat: string, php: string, opcache: string, appRevision: ?string,
     *     machine: array{cpuModel: ?string, cores: int, kernel: string}}
     */
    private static function provenance(Provenance $provenance): array
    {
        return [
            'time' => $provenance->time,
            'preheat' => $provenance->preheat,
            'php' => $provenance->php,
            'opcache' => $provenance->opcache,
            'appRevision' => $provenance->appRevision,
            'machine' => [
                'cpuModel' => $provenance->cpuModel,
                'cores' => $provenance->cores,
                'kernel' => $provenance->kernel,
            ],
        ];
    }

    /** @return array<string, mixed> */
    private static function ladder(LadderReport $ladder, ?StoppingRule $rule): array
    {
        return [
            'metric' => $ladder->metric->value,
            'rungs' => array_map(static fn (LadderRow $row): array => [
                'rung' => $row->rung->number,
                'title' => $row->rung->title,
                'reference' => $row->rung->reference,
                'scenario' => $row->rung->name(),
                'explanation' => $row->rung->explanation,
                'layers' => ['preload' => $row->rung->scenario->spec] + BenchJson::layers($row->rung->scenario->layers),
                'measured' => $row->row->isMeasured(),
                'below' => $row->below,
                'gainOverBelow' => null === $row->overBelow ? null : self::gain($row->overBelow, null, null),
                'gainOverBaseline' => null === $row->overBaseline ? null : self::gain($row->overBaseline, null, $rule),
            ], $ladder->rows),
            'preloadAllOverAutoloader' => null === $ladder->preloadOverClassmap
                ? null
                : self::gain($ladder->preloadOverClassmap, null, null),
            'preloadAllOverAppAutoloader' => null === $ladder->preloadOverAppAutoloader
                ? null
                : self::gain($ladder->preloadOverAppAutoloader, null, null),
            'preloadGainRemaining' => null === $ladder->preloadGainRemaining
                ? null
                : round($ladder->preloadGainRemaining, 4),
        ];
    }

    /**
     * @return array<string, mixed>|null the primary metric's verdict; null for the baseline or when the primary metric
     *                                   was not compared
     */
    private static function headline(ScenarioRow $row, Metric $primary, ?StoppingRule $rule): ?array
    {
        $comparison = $row->metric($primary)?->comparison;
        if (null === $comparison) {
            return null;
        }

        $halfWidth = StoppingRule::halfWidthPoints($comparison);

        return [
            'metric' => $primary->value,
            'median' => round($comparison->gain(), 5),
            'ciLow' => null === $comparison->interval ? null : round($comparison->interval->low, 5),
            'ciHigh' => null === $comparison->interval ? null : round($comparison->interval->high, 5),
            'noInterval' => Cells::noIntervalReason($comparison),
            'halfWidthPoints' => null === $halfWidth ? null : round($halfWidth, 3),
            'precisionMet' => $rule?->reached($comparison),
            'verdict' => $comparison->verdict()?->value,
        ];
    }

    /** @return array<string, mixed> */
    private static function metricGain(MetricSummary $summary, ?StoppingRule $rule): array
    {
        \assert(null !== $summary->comparison);
        $gain = self::gain($summary->comparison, null, $rule);
        unset($gain['timePerRequestMs']);

        return [
            'metric' => $summary->metric->value,
            'method' => Metric::RequestsPerSecond === $summary->metric
                ? $gain['method']
                : $gain['method'].', baseline ÷ scenario (a cost: lower is faster)',
            'value' => null === $summary->headline ? null : round($summary->headline, 5),
            'unit' => $summary->metric->unit(),
        ] + $gain;
    }

    /** @return array<string, mixed>|null */
    private static function stopping(BenchReport $report): ?array
    {
        $stopping = $report->stopping;

        return null === $stopping ? null : [
            'minRounds' => $stopping->rule->minRounds,
            'precisionPoints' => $stopping->rule->precisionPoints,
            'maxSeconds' => $stopping->rule->maxSeconds,
            'metric' => $stopping->metric->label(),
            'rounds' => $stopping->rounds,
            'measuredSeconds' => round($stopping->measuredSeconds, 3),
            'reason' => $stopping->reason->value,
            'summary' => HeadlineCells::stopped($report),
        ];
    }

    /** @return array<string, mixed> */
    private static function gain(PairedComparison $comparison, ?float $timePerRequestMs, ?StoppingRule $rule): array
    {
        $halfWidth = StoppingRule::halfWidthPoints($comparison);
        $interval = $comparison->interval;

        return [
            'method' => $comparison->estimator->value,
            'median' => round($comparison->gain(), 5),
            'ciLow' => null === $interval ? null : round($interval->low, 5),
            'ciHigh' => null === $interval ? null : round($interval->high, 5),
            'level' => $interval?->level,
            'noInterval' => Cells::noIntervalReason($comparison),
            'halfWidthPoints' => null === $halfWidth ? null : round($halfWidth, 3),
            'precisionMet' => $rule?->reached($comparison),
            'verdict' => $comparison->verdict()?->value,
            'timePerRequestMs' => null === $timePerRequestMs ? null : round($timePerRequestMs, 4),
            'rounds' => array_map(
                static fn (int $round, float $ratio): array => ['round' => $round, 'ratio' => round($ratio, 5)],
                array_keys($comparison->ratios),
                array_values($comparison->ratios),
            ),
            'outlierRounds' => array_map(static fn (OutlierRound $o): int => $o->round, $comparison->outliers),
        ];
    }

    private static function rounded(?float $value): ?float
    {
        return null === $value ? null : round($value, 4);
    }

    /** @return ($spread is null ? null : array{median: float, min: float, max: float, mad: float, n: int}) */
    private static function spread(?Spread $spread, int $precision = 3): ?array
    {
        return null === $spread ? null : [
            'median' => round($spread->median, $precision),
            'min' => round($spread->min, $precision),
            'max' => round($spread->max, $precision),
            'mad' => round($spread->mad, $precision),
            'n' => $spread->count,
        ];
    }

    /** @return array<string, float|null>|null */
    private static function machine(?RunConditions $run): ?array
    {
        return null === $run ? null : BenchJson::runConditions($run);
    }
}
