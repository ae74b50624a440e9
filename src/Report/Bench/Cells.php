<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\MachineLoad;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\OpcacheSettings;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Rounds\StopReason;
use Preheat\Bench\Statistics\OutlierRounds;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\Verdict;
use Preheat\Config\Duration;

/**
 * The table cells every tabular renderer shows, formatted once so that the console and markdown
 * tables always agree.
 *
 * @internal
 */
final class Cells
{
    /**
     * How far two identical servers' CPU per request lie apart on the demo's virtual machine: A/A runs
     * (bench/aa.sh) with the scenarios loaded together found gains of identical pairs up to about 1%,
     * steady until the servers are restarted, so a narrow interval over the rounds of one start does not
     * cover them. A verdict on a smaller gain from such an interval gets a note (over restarts, none is due).
     */
    public const SERVER_INSTANCE_SPREAD = 0.01;

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
        $rps = $row->requestsPerSecond;
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
                null === $row->headlineTimePerRequestMs ? '' : \sprintf('%.2f ms', $row->headlineTimePerRequestMs),
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

        return [
            ...$cells,
            self::precision($row->metric($primary)?->comparison, null === $row->comparison, $rule),
            null === $row->latencyP99Ms ? 'n/a' : \sprintf('%.1f / %.1f ms', $row->latencyP50Ms, $row->latencyP99Ms),
            self::warnings($row),
            null === $row->preloadedClasses ? '' : number_format($row->preloadedClasses),
            null === $row->preloadMemoryBytes ? '' : \sprintf('%.1f MB', $row->preloadMemoryBytes / 1048576),
            null === $row->workerPssBytes
                ? ''
                : \sprintf('%.1f MB (%d)', $row->workerPssBytes / 1048576, $row->workers),
            null === $row->fpmStartSeconds ? '' : \sprintf('%.2f s', $row->fpmStartSeconds),
        ];
    }

    /**
     * The warnings its server logged while it started, with how many were classes OPcache refused to preload;
     * — when the start was not watched.
     */
    public static function warnings(ScenarioRow $row): string
    {
        $warnings = $row->warnings;
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
        return self::comparison($row->comparison);
    }

    /** faster, slower, no measurable difference; or why there is no verdict (req/s). */
    public static function verdict(ScenarioRow $row): string
    {
        return self::verdictOf($row->comparison);
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

    /** How the rounds ran and why they stopped, in words; null for a result made without a stopping rule. */
    public static function stopped(BenchReport $report): ?string
    {
        $stopping = $report->stopping;
        if (null === $stopping) {
            return null;
        }
        $rule = $stopping->rule;
        $measured = Duration::format($stopping->measuredSeconds);

        return match ($stopping->reason) {
            StopReason::PrecisionReached => \sprintf(
                'every gain (%s) within ±%s points after %s of measuring',
                $stopping->metric->label(),
                self::points($rule->precisionPoints),
                $measured,
            ),
            StopReason::NothingToCompare => \sprintf(
                'no scenario to compare with %s, after %s of measuring',
                $report->baseline,
                $measured,
            ),
            StopReason::TimeLimit => (0.0 === $rule->maxSeconds ? \sprintf(
                'the %d planned rounds, %s of measuring, no time limit for more (--max-time=0)',
                $stopping->rounds,
                $measured,
            ) : \sprintf(
                'time limit: after %s of measuring another round would not have fit in %s',
                $measured,
                Duration::format($rule->maxSeconds),
            )).self::notWithin($report, $rule->precisionPoints),
        };
    }

    /** The gains that missed the target, or nothing when none did (the time ran out with every gain within it). */
    private static function notWithin(BenchReport $report, float $precisionPoints): string
    {
        $missed = self::missed($report);

        return [] === $missed
            ? ''
            : \sprintf('; not within ±%s points: %s', self::points($precisionPoints), implode(', ', $missed));
    }

    /** @return list<string> the gains that did not reach the target, each with its half-width */
    private static function missed(BenchReport $report): array
    {
        $rule = $report->stopping?->rule;
        $missed = [];
        foreach ($report->rows as $row) {
            $comparison = $row->metric($report->primary->metric)?->comparison;
            if (
                null !== $rule
                    && null !== $row->comparison
                    && $row->isMeasured()
                    && (null === $comparison || !$rule->reached($comparison))
            ) {
                $halfWidth = null === $comparison ? null : StoppingRule::halfWidthPoints($comparison);
                $missed[] = $row->name.(null === $halfWidth ? ' (no interval)' : \sprintf(' (±%.1f)', $halfWidth));
            }
        }

        return $missed;
    }

    /**
     * The headline in words: which metric it is read from and why, then each scenario's verdict on it.
     *
     * @return list<string>
     */
    public static function headline(BenchReport $report): array
    {
        $primary = $report->primary->metric;
        $shown = array_map(
            static fn (Metric $m): string => $m->label(),
            [...($report->timesRequests() ? [Metric::RequestsPerSecond] : []), ...self::costs($report)],
        );
        $lines = [\sprintf(
            'Primary figure: %s, because %s.%s',
            $primary->label(),
            $report->primary->reason,
            \count($shown) > 1 ? \sprintf(' Shown: %s; a gain above 0 is faster for each.', implode(', ', $shown)) : '',
        )];
        // A ladder's story is each rung over the rung below; other runs compare every scenario with the baseline.
        $pairs = [];
        foreach ($report->ladder->rows ?? [] as $rung) {
            if ($rung->row->isMeasured() && null !== $rung->overBelow && null !== $rung->below) {
                $pairs[] = [$rung->row->name, $rung->below, $rung->overBelow];
            }
        }
        foreach (null === $report->ladder ? $report->rows : [] as $row) {
            $summary = $row->metric($primary);
            if ($row->name !== $report->baseline && $row->isMeasured() && null !== $summary?->comparison) {
                $pairs[] = [$row->name, $report->baseline, $summary->comparison];
            }
        }
        foreach ($pairs as [$name, $against, $comparison]) {
            $verdict = $comparison->verdict();
            $lines[] = \sprintf(
                '%s %s %s: %s (%s%s%s)',
                $name,
                null === $report->ladder ? 'vs' : 'over',
                $against,
                null === $verdict ? 'no verdict yet, '.self::rounds($comparison->rounds()) : $verdict->value,
                $primary->label(),
                // No percentage for a gain whose interval holds 0: only the interval.
                Verdict::NoMeasurableDifference === $verdict ? '' : ' '.self::percent($comparison->gain()),
                null === $comparison->interval
                    ? ''
                    : \sprintf(
                        ', %d%% CI %s … %s',
                        (int) round($comparison->interval->level * 100),
                        self::percent($comparison->interval->low),
                        self::percent($comparison->interval->high),
                    ),
            );
        }

        return $lines;
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

    /** @return list<array{string, string}> */
    public static function environment(BenchReport $report): array
    {
        $environment = $report->environment;

        return array_values(array_filter([
            ['PHP', $environment->php],
            null !== $environment->phpIni
                ? [
                    'php.ini',
                    $environment->phpIni.(null !== $environment->user ? '; workers run as '.$environment->user : ''),
                ]
                : null,
            ['OPcache', self::opcache($environment->opcache)],
            ['CPU', implode('; ', array_filter([
                $environment->cpuModel,
                1 === $environment->cores ? '1 core' : $environment->cores.' cores',
                null === $environment->governor ? null : 'governor '.$environment->governor,
            ]))],
            ['PHP workers', $environment->workers],
            [
                'load tool',
                $environment->toolSettings.(
                    null === $environment->during?->toolShare
                        ? ''
                        : \sprintf('; it took %.1f%% of the CPU during the runs', $environment->during->toolShare * 100)
                ),
            ],
            ['rounds', \sprintf(
                '%s, %s, order rotated each round%s; %s',
                $environment->rounds.self::roundsRule($report),
                $environment->together() ? 'every scenario loaded at the same time in each round' : 'interleaved',
                $environment->restartEvery > 0 && $environment->rounds > $environment->restartEvery
                    ? \sprintf(
                        '; every server started anew every %d rounds, the gains\' intervals taken over these starts',
                        $environment->restartEvery,
                    )
                    : '',
                $report->timesRequests()
                    ? \sprintf(
                        $environment->together()
                            ? '%s s warm-up, every scenario at once (discarded)'
                            : '%s s warm-up per scenario (discarded)',
                        $environment->warmup,
                    )
                    : 'no warm-up pass: each run warms up itself',
            )],
            null === self::stopped($report) ? null : ['stopped', (string) self::stopped($report)],
            ['pages', implode(' ', $environment->urls)],
            null === $environment->before
                ? null
                : ['machine before', self::machine($environment->before, 'until the first measured run')],
            null === $environment->during
                ? null
                : ['machine during', self::machine($environment->during, 'during the runs')],
        ]));
    }

    /** The settings known, as name=value in the ini's names: "memory_consumption=128M, jit=off". */
    private static function opcache(OpcacheSettings $settings): string
    {
        return implode(', ', array_filter([
            null === $settings->memoryConsumption ? null : 'memory_consumption='.$settings->memoryConsumption,
            null === $settings->internedStringsBuffer
                ? null
                : 'interned_strings_buffer='.$settings->internedStringsBuffer,
            null === $settings->maxAcceleratedFiles ? null : 'max_accelerated_files='.$settings->maxAcceleratedFiles,
            null === $settings->validateTimestamps ? null : 'validate_timestamps='.$settings->validateTimestamps,
            null === $settings->jit ? null : 'jit='.$settings->jit,
        ]));
    }

    /** How many rounds the rule asked for, in words: " (at least 5; more until ...)". */
    private static function roundsRule(BenchReport $report): string
    {
        $rule = $report->stopping?->rule;
        if (null === $rule) {
            return '';
        }

        return 0.0 === $rule->maxSeconds
            ? \sprintf(' (%d planned, no time limit for more)', $rule->minRounds)
            : \sprintf(
                ' (at least %d; more until every gain is within ±%s points, while they fit in %s)',
                $rule->minRounds,
                self::points($rule->precisionPoints),
                Duration::format($rule->maxSeconds),
            );
    }

    /** Load average, steal and other processes' CPU in words. */
    private static function machine(MachineLoad $load, string $when): string
    {
        return implode('; ', array_filter([
            null === $load->loadAverage
                ? null
                : 'load average '.implode(
                    ' ',
                    array_map(static fn (float $l): string => \sprintf('%.2f', $l), $load->loadAverage),
                ),
            null === $load->stealShare
                ? null
                : \sprintf('%.1f%% of CPU time stolen by the hypervisor %s', $load->stealShare * 100, $when),
            null === $load->otherShare
                ? null
                : \sprintf('%.0f%% of the CPU used by other processes', $load->otherShare * 100),
        ])) ?: 'not known';
    }

    /** @return list<string> */
    public static function notes(BenchReport $report): array
    {
        $notes = [];
        $stopping = $report->stopping;
        // With no time for more rounds (--max-time=0) the rounds were fixed: the stopped line says so, no advice is
        // due.
        $missed = StopReason::TimeLimit === $stopping?->reason && $stopping->rule->maxSeconds > 0.0
            ? self::missed($report)
            : [];
        if (null !== $stopping && [] !== $missed) {
            $notes[] = \sprintf(
                'Precision target ±%s points not reached in %s by %s: the gains and verdicts stand, with wider '
                .'intervals. For narrower ones allow more time (--max-time), run shorter rounds, more of them '
                .'(--duration), or measure on a quieter machine.',
                self::points($stopping->rule->precisionPoints),
                Duration::format($stopping->rule->maxSeconds),
                implode(', ', $missed),
            );
        }
        $cpu = [];
        $outliers = [];
        foreach ($report->rows as $row) {
            foreach ($row->problems as $problem) {
                $notes[] = \sprintf('%s not measured: %s', $row->name, $problem);
            }
            if (null !== $row->skipped) {
                $notes[] = \sprintf('%s %s', $row->name, $row->skipped);
            }
            if (null !== $row->warnings && $row->warnings->count > 0) {
                $notes[] = \sprintf(
                    '%s: %d %s logged at start-up (at every start; counted, not fixed), first: %s',
                    $row->name,
                    $row->warnings->count,
                    1 === $row->warnings->count ? 'warning' : 'warnings',
                    implode('; ', $row->warnings->examples),
                );
            }
            foreach ($row->voidRuns as $round => $reason) {
                $notes[] = \sprintf('%s round %d void (%s): left out of the statistics', $row->name, $round, $reason);
            }
            if (null !== $row->comparison) {
                $reason = self::noIntervalReason($row->comparison);
                if (null !== $reason) {
                    $notes[] = \sprintf('%s vs %s: %s', $row->name, $report->baseline, $reason);
                }
                // Over restarts, the interval itself covers how servers started anew differ.
                if (
                    Verdict::NoMeasurableDifference !== $row->comparison->verdict()
                        && null !== $row->comparison->verdict()
                        && !$row->comparison->estimator->spansRestarts()
                        && abs($row->comparison->gain()) < self::SERVER_INSTANCE_SPREAD
                ) {
                    $notes[] = \sprintf(
                        '%s vs %s: %s is within what two identical servers differ by (up to about %d%% in A/A runs '
                        .'of the demo, bench/aa.sh: each server started anew runs a little faster or slower, and '
                        .'stays so until restarted); the verdict may be the server instances, not what the scenarios '
                        .'change (--restart-every takes the interval over restarts).',
                        $row->name,
                        $report->baseline,
                        self::percent($row->comparison->gain()),
                        (int) round(self::SERVER_INSTANCE_SPREAD * 100),
                    );
                }
            }
            foreach ($row->metrics as $summary) {
                if (!$report->timesRequests() && Metric::RequestsPerSecond === $summary->metric) {
                    continue;
                }
                $count = \count($summary->comparison->outliers ?? []);
                if ($count > 0) {
                    $outliers[] = \sprintf('%s %d on %s', $row->name, $count, $summary->metric->label());
                }
            }
            if (null !== $row->toolCpuShare) {
                $cpu[] = \sprintf('%s %.1f%%', $row->name, $row->toolCpuShare * 100);
            }
        }
        if ([] !== $outliers) {
            // One line: each round's ratio, median and score are in report.json's gains.
            $notes[] = \sprintf(
                'Outlier rounds (paired ratio further than %.1f MADs from the median; kept in the statistics, each '
                .'listed in report.json): %s.',
                OutlierRounds::THRESHOLD,
                implode(', ', $outliers),
            );
        }
        $measured = \count(array_filter($report->rows, static fn ($row): bool => $row->isMeasured()));
        $environment = $report->environment;
        if ($environment->together() && $measured > 1) {
            $notes[] = \sprintf(
                'The %d scenarios were loaded at the same time in each round, so that what the machine does (other '
                .'virtual machines, the clock speed) weighs on all of them alike%s: CPU per request and the gains '
                .'compare like with like, but req/s and time per request are what each server got while sharing the '
                .'machine with the other %d, not what it serves alone. For those, run --schedule=turns.',
                $measured,
                null === $environment->workerPlacement
                    ? ''
                    : ' (every server\'s PHP workers spread evenly over the cores, so that none sits on one core and '
                        .'its noise alone)',
                $measured - 1,
            );
        }
        if (!$report->timesRequests()) {
            $notes[] = 'req/s and time per request are not shown: under valgrind PHP runs some 50 times slower, so '
                .'they would measure valgrind. Each run\'s own figures are in report.json.';
        }
        if ([] !== $cpu) {
            $notes[] = 'CPU share the load tool took (of all cores, median): '.implode(
                ', ',
                $cpu,
            ).'. It competes with php-fpm for the same cores, alike for every scenario.';
        }

        return $notes;
    }

    /** 2.0 → "2", 1.5 → "1.5". */
    public static function points(float $points): string
    {
        return rtrim(rtrim(\sprintf('%.2f', $points), '0'), '.');
    }

    private static function rounds(int $count): string
    {
        return 1 === $count ? '1 round' : $count.' rounds';
    }

    /** @param list<string>|string $text */
    private static function firstLine(array|string $text): string
    {
        return strtok(\is_array($text) ? implode("\n", $text) : $text, "\n") ?: '';
    }
}
