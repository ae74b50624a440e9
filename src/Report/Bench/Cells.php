<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\Verdict;

/**
 * The table cells every tabular renderer shows, formatted once so that the console and markdown
 * tables always agree.
 *
 * @internal
 */
final class Cells
{
    /** @return list<string> */
    public static function headers(BenchReport $report): array
    {
        $headers = $report->timesRequests()
            ? [
                'scenario',
                'req/s (min–max)',
                'time per request',
                self::gainHeader($report, Metric::RequestsPerSecond),
                'verdict',
            ]
            : ['scenario'];
        foreach (self::costs($report) as $metric) {
            array_push(
                $headers,
                $metric->label(),
                ...(Metric::InstructionsPerRequest === $metric ? ['spread (max−min)/median'] : []),
            );
            array_push($headers, self::gainHeader($report, $metric), 'verdict');
        }
        $stopping = $report->stopping;

        return [
            ...$headers,
            null === $stopping
                ? 'precision'
                : \sprintf(
                    'precision of %s (target ±%s)',
                    self::shortLabel($report->primary->metric),
                    self::points($stopping->rule->precisionPoints),
                ),
            'p50 / p99', 'start-up warnings', 'preloaded classes', 'preload memory', 'worker PSS', 'PHP start',
        ];
    }

    /**
     * How long each column of headers() stays when the table must fit a narrow terminal (see FittedTable): 0 always
     * (the scenario, the primary figure's gain and verdict), the highest goes first; a gain goes with its verdict.
     *
     * @return list<int>
     */
    public static function importance(BenchReport $report): array
    {
        $primary = $report->primary->metric;
        // A figure's gain and verdict: never for the primary one, else one group per metric, the later ones first.
        $group = 12;
        $comparison = static function (Metric $metric) use ($primary, &$group): int {
            return $metric === $primary ? 0 : $group--;
        };
        // The scenario.
        $ranks = [[0]];
        if ($report->timesRequests()) {
            $rps = $comparison(Metric::RequestsPerSecond);
            // req/s (min–max), time per request, the gain and its verdict
            $ranks[] = [14, 16, $rps, $rps];
        }
        foreach (self::costs($report) as $metric) {
            $gain = $comparison($metric);
            // the figure, its spread (instructions), the gain and its verdict
            $ranks[] = [
                $metric === $primary ? 7 : 13,
                ...(Metric::InstructionsPerRequest === $metric ? [9] : []),
                $gain,
                $gain,
            ];
        }
        // precision, p50 / p99, start-up warnings, preloaded classes, preload memory, worker PSS, PHP start
        $ranks[] = [15, 19, 8, 17, 6, 18, 20];

        return array_merge(...$ranks);
    }

    /** @return list<list<string>> one per scenario, as headers() names the columns */
    public static function rows(BenchReport $report): array
    {
        $costs = self::costs($report);
        $rule = $report->stopping?->rule;

        $columns = \count(self::headers($report));

        return array_map(
            static fn (ScenarioRow $row): array => self::row(
                $row,
                $costs,
                $report->primary->metric,
                $rule,
                $report->timesRequests(),
                $columns,
            ),
            $report->rows,
        );
    }

    /**
     * The metrics besides req/s that some scenario measured (CPU per request, instructions per request), in the order
     * Metric declares them.
     *
     * @return list<Metric>
     */
    public static function costs(BenchReport $report): array
    {
        return array_values(array_filter(Metric::cases(), static function (Metric $metric) use ($report): bool {
            foreach ($report->rows as $row) {
                if (Metric::RequestsPerSecond !== $metric && null !== $row->metric($metric)) {
                    return true;
                }
            }

            return false;
        }));
    }

    /**
     * @param list<Metric> $costs
     *
     * @return list<string>
     */
    private static function row(
        ScenarioRow $row,
        array $costs,
        Metric $primary,
        ?StoppingRule $rule,
        bool $timesRequests,
        int $columns,
    ): array {
        if (!$row->isMeasured()) {
            return array_pad([$row->name, self::notMeasured($row)], $columns, '');
        }
        $rps = $row->throughput->requestsPerSecond;
        $headlineTime = $row->throughput->headlineTimePerRequestMs;
        $cells = [$row->name];
        if ($timesRequests) {
            array_push(
                $cells,
                null === $rps
                    ? ''
                    : \sprintf(
                        '%s (%s–%s)',
                        self::number($rps->median),
                        self::number($rps->min, $rps->median),
                        self::number($rps->max, $rps->median),
                    ),
                null === $headlineTime ? '' : \sprintf('%.2f ms', $headlineTime),
                self::gain($row),
                self::verdict($row),
            );
        }
        foreach ($costs as $metric) {
            $summary = $row->metric($metric);
            $cells[] = null === $summary?->headline ? 'not measured' : self::figure($metric, $summary->headline);
            if (Metric::InstructionsPerRequest === $metric) {
                $cells[] = self::spread($summary?->spread);
            }
            array_push(
                $cells,
                null === $summary ? '' : self::comparison($summary->comparison, null !== $summary->spread),
                null === $summary ? '' : self::verdictOf($summary->comparison, null !== $summary->spread),
            );
        }

        $latency = $row->latency;

        return [
            ...$cells,
            self::precision($row->metric($primary)?->comparison, null === $row->throughput->comparison, $rule),
            null === $latency->p99Ms ? 'n/a' : \sprintf('%.1f / %.1f ms', $latency->p50Ms, $latency->p99Ms),
            self::warnings($row),
            null === $row->preload->classes ? '' : number_format($row->preload->classes),
            null === $row->preload->memoryBytes ? '' : \sprintf('%.1f MB', $row->preload->memoryBytes / 1048576),
            null === $row->server->workerPssBytes
                ? ''
                : \sprintf('%.1f MB (%d)', $row->server->workerPssBytes / 1048576, $row->server->workers),
            null === $row->server->fpmStartSeconds ? '' : \sprintf('%.2f s', $row->server->fpmStartSeconds),
        ];
    }

    /**
     * The warnings its server logged while it started, with how many were classes OPcache refused to preload;
     * — when the start was not watched.
     */
    public static function warnings(ScenarioRow $row): string
    {
        $warnings = $row->server->warnings;
        if (null === $warnings) {
            return '—';
        }

        return 0 === $warnings->refusedClasses
            ? number_format($warnings->count)
            : \sprintf(
                '%s (%s classes refused)',
                number_format($warnings->count),
                number_format($warnings->refusedClasses),
            );
    }

    /** The run-to-run spread of a scenario's own figures, (max − min) / median, with the rounds it is over. */
    public static function spread(?Spread $spread): string
    {
        $range = $spread?->relativeRange();

        return null === $spread || null === $range
            ? ''
            : \sprintf(
                '%s%% (%d rounds)',
                rtrim(rtrim(number_format($range * 100, 4, '.', ''), '0'), '.'),
                $spread->count,
            );
    }

    /** Why a row has no figures, in a few words. */
    public static function notMeasured(ScenarioRow $row): string
    {
        return $row->skipped ?? 'not measured: '.rtrim(self::firstLine($row->problems[0] ?? 'no valid run'), ':');
    }

    /** The req/s gain: the median of the paired per-round ratios, with its interval when there is one. */
    public static function gain(ScenarioRow $row): string
    {
        return self::comparison($row->throughput->comparison);
    }

    /** faster, slower, no measurable difference; or why there is no verdict (req/s). */
    public static function verdict(ScenarioRow $row): string
    {
        return self::verdictOf($row->throughput->comparison);
    }

    /**
     * A paired comparison as a gain with its interval; — without one. A gain whose interval holds 0 is no gain:
     * its interval alone.
     *
     * @param bool $measured whether the scenario itself measured the metric (else: not measured)
     */
    public static function comparison(?PairedComparison $comparison, bool $measured = true): string
    {
        if (null === $comparison) {
            return $measured ? '—' : 'not measured';
        }
        $interval = $comparison->interval;

        if (Verdict::NoMeasurableDifference === $comparison->verdict() && null !== $interval) {
            return \sprintf('(%s … %s)', self::percent($interval->low), self::percent($interval->high));
        }

        return null === $interval
            ? \sprintf('%s (no interval)', self::percent($comparison->gain()))
            : \sprintf(
                '%s (%s … %s)',
                self::percent($comparison->gain()),
                self::percent($interval->low),
                self::percent($interval->high),
            );
    }

    public static function verdictOf(?PairedComparison $comparison, bool $measured = true): string
    {
        if (null === $comparison) {
            return $measured ? '—' : '';
        }
        $verdict = $comparison->verdict();

        return null === $verdict ? \sprintf('no verdict (%s)', self::rounds($comparison->rounds())) : $verdict->value;
    }

    /**
     * The half-width of the primary gain's interval in points, and whether it reached the stopping rule's target.
     *
     * @param bool $baseline the baseline's own row: nothing to compare
     */
    public static function precision(?PairedComparison $comparison, bool $baseline, ?StoppingRule $rule): string
    {
        if ($baseline) {
            return '—';
        }
        $halfWidth = null === $comparison ? null : StoppingRule::halfWidthPoints($comparison);
        if (null === $comparison || null === $halfWidth) {
            return 'no interval';
        }

        return \sprintf('±%.1f points', $halfWidth).(
            null === $rule ? '' : ($rule->reached($comparison) ? ', reached' : ', not reached')
        );
    }

    /** A metric's name where a header has little room. */
    private static function shortLabel(Metric $metric): string
    {
        return match ($metric) {
            Metric::RequestsPerSecond => 'req/s',
            Metric::CpuPerRequest => 'CPU',
            Metric::InstructionsPerRequest => 'instructions',
        };
    }

    /** A metric's figure as the table shows it. */
    public static function figure(Metric $metric, float $value): string
    {
        return match ($metric) {
            Metric::RequestsPerSecond => self::number($value),
            Metric::CpuPerRequest => \sprintf('%.2f ms', $value),
            Metric::InstructionsPerRequest => \sprintf('%s M', number_format($value / 1e6, 2, '.', ',')),
        };
    }

    private static function gainHeader(BenchReport $report, Metric $metric): string
    {
        return \sprintf(
            '%s gain vs %s (%d%% CI)%s',
            self::shortLabel($metric),
            $report->baseline,
            (int) round($report->confidenceLevel * 100),
            $report->primary->metric === $metric ? ', primary' : '',
        );
    }

    /** Why a gain has no interval, or null when it has one. */
    public static function noIntervalReason(PairedComparison $comparison): ?string
    {
        if (null !== $comparison->interval) {
            return null;
        }
        // With restarts the interval is taken over server starts, not rounds: more rounds of the same starts
        // would not give one.
        if ($comparison->estimator->spansRestarts()) {
            return \sprintf(
                '%s over fewer than %d server starts: too few for an interval over starts; give the rounds more '
                .'time (--max-time) or start the servers anew more often (--restart-every)',
                self::rounds($comparison->rounds()),
                PairedComparator::MIN_ROUNDS,
            );
        }

        return \sprintf(
            '%s: too few for an interval; use --rounds=%d or more',
            self::rounds($comparison->rounds()),
            PairedComparator::MIN_ROUNDS,
        );
    }

    public static function percent(float $fraction): string
    {
        return \sprintf('%+.1f%%', $fraction * 100);
    }

    /** Whole numbers from 100 up, one decimal below; $scale picks the precision when several figures share one. */
    public static function number(float $value, ?float $scale = null): string
    {
        return ($scale ?? $value) >= 100 ? number_format($value, 0, '.', ',') : number_format($value, 1, '.', ',');
    }

    /** 2.0 → "2", 1.5 → "1.5". */
    public static function points(float $points): string
    {
        return rtrim(rtrim(\sprintf('%.2f', $points), '0'), '.');
    }

    public static function rounds(int $count): string
    {
        return 1 === $count ? '1 round' : $count.' rounds';
    }

    /** @param list<string>|string $text */
    private static function firstLine(array|string $text): string
    {
        return strtok(\is_array($text) ? implode("\n", $text) : $text, "\n") ?: '';
    }
}
