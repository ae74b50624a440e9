<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Config\Duration;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Rounds\StopReason;
use Preheat\Bench\Statistics\OutlierRounds;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Bench\Statistics\PairedComparison;

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
        return [
            'scenario', 'req/s (min–max)', 'time per request', \sprintf('gain vs %s (%d%% CI)', $report->baseline, (int) round($report->confidenceLevel * 100)), 'verdict',
            null === $report->result->stopping ? 'precision' : \sprintf('precision (target ±%s)', self::points($report->result->stopping->rule->precisionPoints)),
            'p50 / p99', 'preloaded classes', 'preload memory', 'worker PSS', 'PHP start',
        ];
    }

    /** @return list<string> */
    public static function row(ScenarioRow $row, ?StoppingRule $rule = null): array
    {
        if (!$row->isMeasured()) {
            return [$row->name, self::notMeasured($row), '', '', '', '', '', '', '', '', ''];
        }
        $rps = $row->requestsPerSecond;

        return [
            $row->name,
            null === $rps ? '' : \sprintf('%s (%s–%s)', self::number($rps->median), self::number($rps->min, $rps->median), self::number($rps->max, $rps->median)),
            null === $row->headlineTimePerRequestMs ? '' : \sprintf('%.2f ms', $row->headlineTimePerRequestMs),
            self::gain($row),
            self::verdict($row),
            self::precision($row, $rule),
            null === $row->latencyP99Ms ? 'n/a' : \sprintf('%.1f / %.1f ms', $row->latencyP50Ms, $row->latencyP99Ms),
            null === $row->preloadedClasses ? '' : number_format($row->preloadedClasses),
            null === $row->preloadMemoryBytes ? '' : \sprintf('%.1f MB', $row->preloadMemoryBytes / 1048576),
            null === $row->workerPssBytes ? '' : \sprintf('%.1f MB (%d)', $row->workerPssBytes / 1048576, $row->workers),
            null === $row->fpmStartSeconds ? '' : \sprintf('%.2f s', $row->fpmStartSeconds),
        ];
    }

    /** Why a row has no figures, in a few words. */
    public static function notMeasured(ScenarioRow $row): string
    {
        return $row->skipped ?? 'not measured: '.rtrim(self::firstLine($row->problems[0] ?? 'no valid run'), ':');
    }

    /** The median of the paired per-round ratios as a gain, with its interval when there is one. */
    public static function gain(ScenarioRow $row): string
    {
        return self::comparison($row->comparison);
    }

    /** A paired comparison as a gain with its interval; — without one. */
    public static function comparison(?PairedComparison $comparison): string
    {
        if (null === $comparison) {
            return '—';
        }
        $interval = $comparison->interval;

        return null === $interval
            ? \sprintf('%s (no interval)', self::percent($comparison->gain()))
            : \sprintf('%s (%s … %s)', self::percent($comparison->gain()), self::percent($interval->low), self::percent($interval->high));
    }

    /** faster, slower, no measurable difference; or why there is no verdict. */
    public static function verdict(ScenarioRow $row): string
    {
        return self::verdictOf($row->comparison);
    }

    public static function verdictOf(?PairedComparison $comparison): string
    {
        if (null === $comparison) {
            return '—';
        }

        $verdict = $comparison->verdict();

        return null === $verdict ? \sprintf('no verdict (%s)', self::rounds($comparison->rounds())) : $verdict->value;
    }

    /** @return list<list<string>> every row's cells */
    public static function rows(BenchReport $report): array
    {
        $rule = $report->result->stopping?->rule;

        return array_map(static fn (ScenarioRow $row): array => self::row($row, $rule), $report->rows);
    }

    /** The half-width of the gain's interval in points, and whether it reached the stopping rule's target. */
    public static function precision(ScenarioRow $row, ?StoppingRule $rule): string
    {
        if (null === $row->comparison) {
            return '—';
        }
        $halfWidth = StoppingRule::halfWidthPoints($row->comparison);
        if (null === $halfWidth) {
            return 'no interval';
        }

        return \sprintf('±%.1f points', $halfWidth).(null === $rule ? '' : ($rule->reached($row->comparison) ? ', reached' : ', not reached'));
    }

    /** How the rounds ran and why they stopped, in words; null for a result made without a stopping rule. */
    public static function stopped(BenchReport $report): ?string
    {
        $stopping = $report->result->stopping;
        if (null === $stopping) {
            return null;
        }
        $rule = $stopping->rule;
        $measured = Duration::format($stopping->measuredSeconds);

        return match ($stopping->reason) {
            StopReason::PrecisionReached => \sprintf('every gain (%s) within ±%s points after %s of measuring', $stopping->metric, self::points($rule->precisionPoints), $measured),
            StopReason::NothingToCompare => \sprintf('no scenario to compare with %s, after %s of measuring', $report->baseline, $measured),
            StopReason::TimeLimit => \sprintf(
                'time limit: after %s of measuring another round would not have fit in %s; not within ±%s points: %s',
                $measured,
                Duration::format($rule->maxSeconds),
                self::points($rule->precisionPoints),
                implode(', ', self::missed($report)),
            ),
        };
    }

    /** @return list<string> the gains that did not reach the target, each with its half-width */
    private static function missed(BenchReport $report): array
    {
        $rule = $report->result->stopping?->rule;
        $missed = [];
        foreach ($report->rows as $row) {
            if (null !== $rule && null !== $row->comparison && $row->isMeasured() && !$rule->reached($row->comparison)) {
                $halfWidth = StoppingRule::halfWidthPoints($row->comparison);
                $missed[] = $row->name.(null === $halfWidth ? ' (no interval)' : \sprintf(' (±%.1f)', $halfWidth));
            }
        }

        return $missed;
    }

    /** Why a gain has no interval, or null when it has one. */
    public static function noIntervalReason(PairedComparison $comparison): ?string
    {
        return null !== $comparison->interval ? null : \sprintf(
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
        $environment = $report->result->environment;
        $opcache = $environment->opcache;

        return array_values(array_filter([
            ['PHP', $environment->php],
            null !== $environment->phpIni ? ['php.ini', $environment->phpIni.(null !== $environment->user ? '; workers run as '.$environment->user : '')] : null,
            ['OPcache', implode(', ', array_map(static fn ($k, $v): string => "$k=$v", array_keys($opcache), $opcache))],
            ['CPU cores', (string) $environment->cores],
            ['PHP workers', $environment->workers],
            ['load tool', $environment->toolSettings],
            ['rounds', \sprintf('%s, interleaved, order rotated each round; %s s warm-up per scenario (discarded)', $environment->rounds.self::roundsRule($report), $environment->warmup)],
            null === self::stopped($report) ? null : ['stopped', (string) self::stopped($report)],
            ['pages', implode(' ', $environment->urls)],
        ]));
    }

    /** How many rounds the rule asked for, in words: " (at least 5; more until ...)". */
    private static function roundsRule(BenchReport $report): string
    {
        $rule = $report->result->stopping?->rule;
        if (null === $rule) {
            return '';
        }

        return 0.0 === $rule->maxSeconds
            ? \sprintf(' (%d planned, no time limit for more)', $rule->minRounds)
            : \sprintf(' (at least %d; more until every gain is within ±%s points, while they fit in %s)', $rule->minRounds, self::points($rule->precisionPoints), Duration::format($rule->maxSeconds));
    }

    /** @return list<string> */
    public static function notes(BenchReport $report): array
    {
        $notes = [];
        $stopping = $report->result->stopping;
        $missed = StopReason::TimeLimit === $stopping?->reason ? self::missed($report) : [];
        if (null !== $stopping && [] !== $missed) {
            $notes[] = \sprintf(
                'Precision target ±%s points not reached in %s by %s: the gains and verdicts stand, with wider intervals. For narrower ones allow more time (--max-time), run shorter rounds, more of them (--duration), or measure on a quieter machine.',
                self::points($stopping->rule->precisionPoints),
                Duration::format($stopping->rule->maxSeconds),
                implode(', ', $missed),
            );
        }
        $cpu = [];
        foreach ($report->rows as $row) {
            foreach ($row->problems as $problem) {
                $notes[] = \sprintf('%s not measured: %s', $row->name, $problem);
            }
            if (null !== $row->skipped) {
                $notes[] = \sprintf('%s %s', $row->name, $row->skipped);
            }
            foreach ($row->voidRuns as $round => $reason) {
                $notes[] = \sprintf('%s round %d void (%s): left out of the statistics', $row->name, $round, $reason);
            }
            if (null !== $row->comparison) {
                $reason = self::noIntervalReason($row->comparison);
                if (null !== $reason) {
                    $notes[] = \sprintf('%s vs %s: %s', $row->name, $report->baseline, $reason);
                }
                foreach ($row->comparison->outliers as $outlier) {
                    $notes[] = \sprintf(
                        '%s round %d is an outlier: paired ratio %.3f against a median of %.3f (|x − median| / MAD = %.1f > %.1f); kept in the statistics',
                        $row->name,
                        $outlier->round,
                        $outlier->ratio,
                        $outlier->median,
                        $outlier->score,
                        OutlierRounds::THRESHOLD,
                    );
                }
            }
            if (null !== $row->toolCpuShare) {
                $cpu[] = \sprintf('%s %.0f%%', $row->name, $row->toolCpuShare * 100);
            }
        }
        if ([] !== $cpu) {
            $notes[] = 'CPU share the load tool took (of all cores, median): '.implode(', ', $cpu).'. It competes with php-fpm for the same cores, alike for every scenario.';
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
