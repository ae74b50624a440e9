<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Rounds\StopReason;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\Verdict;
use Preheat\Config\Duration;

/**
 * The report's headline in words (the primary figure and each scenario's verdict on it) and how the rounds
 * stopped, as every renderer shows them.
 *
 * @internal
 */
final class HeadlineCells
{
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
            [...($report->timesRequests() ? [Metric::RequestsPerSecond] : []), ...Cells::costs($report)],
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
                null === $verdict ? 'no verdict yet, '.Cells::rounds($comparison->rounds()) : $verdict->value,
                $primary->label(),
                // No percentage for a gain whose interval holds 0: only the interval.
                Verdict::NoMeasurableDifference === $verdict ? '' : ' '.Cells::percent($comparison->gain()),
                null === $comparison->interval
                    ? ''
                    : \sprintf(
                        ', %d%% CI %s … %s',
                        (int) round($comparison->interval->level * 100),
                        Cells::percent($comparison->interval->low),
                        Cells::percent($comparison->interval->high),
                    ),
            );
        }

        return $lines;
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
                Cells::points($rule->precisionPoints),
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
            : \sprintf('; not within ±%s points: %s', Cells::points($precisionPoints), implode(', ', $missed));
    }

    /** @return list<string> the gains that did not reach the target, each with its half-width */
    public static function missed(BenchReport $report): array
    {
        $missed = [];
        foreach (self::missedComparisons($report) as $name => $comparison) {
            $halfWidth = null === $comparison ? null : StoppingRule::halfWidthPoints($comparison);
            $missed[] = $name.(null === $halfWidth ? ' (no interval)' : \sprintf(' (±%.1f)', $halfWidth));
        }

        return $missed;
    }

    /** @return array<string, PairedComparison|null> by scenario, the primary gains that did not reach the target */
    public static function missedComparisons(BenchReport $report): array
    {
        $rule = $report->stopping?->rule;
        $missed = [];
        foreach ($report->rows as $row) {
            $comparison = $row->metric($report->primary->metric)?->comparison;
            if (
                null !== $rule
                    && null !== $row->throughput->comparison
                    && $row->isMeasured()
                    && (null === $comparison || !$rule->reached($comparison))
            ) {
                $missed[$row->name] = $comparison;
            }
        }

        return $missed;
    }
}
