<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Rounds\StopReason;
use Preheat\Bench\Statistics\OutlierRounds;
use Preheat\Config\Duration;

/**
 * The notes under the report's tables: what was not measured or void, what the figures must be read with.
 *
 * @internal
 */
final class NoteCells
{
    /** @return list<string> */
    public static function notes(BenchReport $report): array
    {
        $notes = [];
        $stopping = $report->stopping;
        // With no time for more rounds (--max-time=0) the rounds were fixed: the stopped line says so, no advice is
        // due.
        $missed = StopReason::TimeLimit === $stopping?->reason && $stopping->rule->maxSeconds > 0.0
            ? HeadlineCells::missed($report)
            : [];
        if (null !== $stopping && [] !== $missed) {
            $restartEvery = $report->environment->roundPlan->restartEvery;
            $advice = PrecisionShortfall::advice(
                HeadlineCells::missedComparisons($report),
                $stopping->rule->precisionPoints,
                $stopping->measuredSeconds,
                $restartEvery > 0 ? (int) ceil($stopping->rounds / $restartEvery) : $stopping->rounds,
                $restartEvery > 0,
            );
            $notes[] = \sprintf(
                'Precision target ±%s points not reached in %s by %s: the gains and verdicts stand, with wider '
                .'intervals. %s',
                Cells::points($stopping->rule->precisionPoints),
                Duration::format($stopping->rule->maxSeconds),
                implode(', ', $missed),
                null === $advice
                    ? 'For narrower ones allow more time (--max-time), run shorter rounds, more of them (--duration), '
                        .'or measure on a quieter machine.'
                    : $advice.' For narrower ones allow more time (--max-time) or measure on a quieter machine.',
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
            if (null !== $row->server->warnings && $row->server->warnings->count > 0) {
                $notes[] = \sprintf(
                    '%s: %d %s logged at start-up (at every start; counted, not fixed), first: %s',
                    $row->name,
                    $row->server->warnings->count,
                    1 === $row->server->warnings->count ? 'warning' : 'warnings',
                    implode('; ', $row->server->warnings->examples),
                );
            }
            foreach ($row->voidRuns() as $round => $reason) {
                $notes[] = \sprintf('%s round %d void (%s): left out of the statistics', $row->name, $round, $reason);
            }
            if (null !== $row->throughput->comparison) {
                $reason = Cells::noIntervalReason($row->throughput->comparison);
                if (null !== $reason) {
                    $notes[] = \sprintf('%s vs %s: %s', $row->name, $report->baseline, $reason);
                }
                // The builder judged which verdicts the server instances may explain (BenchReport).
                if (isset($report->withinInstanceSpread[$row->name])) {
                    $notes[] = \sprintf(
                        '%s vs %s: %s is within what two identical servers differ by (up to about %d%% in A/A runs '
                        .'of the demo, bench/aa.sh: each server started anew runs a little faster or slower, and '
                        .'stays so until restarted); the verdict may be the server instances, not what the scenarios '
                        .'change (--restart-every takes the interval over restarts).',
                        $row->name,
                        $report->baseline,
                        Cells::percent($row->throughput->comparison->gain()),
                        (int) round(BenchReportBuilder::SERVER_INSTANCE_SPREAD * 100),
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
            if (null !== $row->throughput->toolCpuShare) {
                $cpu[] = \sprintf('%s %.1f%%', $row->name, $row->throughput->toolCpuShare * 100);
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
        $fewest = self::fewestInstructions($report);
        if ([] !== $fewest) {
            $notes[] = 'Instructions per request, the median of the rounds and the fewest (each page\'s cheapest '
                .'measured request, averaged over the pages, the lowest of the rounds: a chore the app does on a '
                .'random request does not move it): '.implode(', ', $fewest).'.';
        }
        if ([] !== $cpu) {
            $notes[] = 'CPU share the load tool took (of all cores, median): '.implode(
                ', ',
                $cpu,
            ).'. It competes with php-fpm for the same cores, alike for every scenario.';
        }

        return $notes;
    }

    /**
     * Each scenario's median instructions per request beside its fewest, where the tool counted them.
     *
     * @return list<string>
     */
    private static function fewestInstructions(BenchReport $report): array
    {
        $figures = [];
        foreach ($report->rows as $row) {
            $median = $row->metric(Metric::InstructionsPerRequest)?->spread?->median;
            $minimums = [];
            foreach ($row->runs as $roundRun) {
                $minimum = $roundRun->run->isValid() ? $roundRun->run->instructions?->minimumPerRequest : null;
                if (null !== $minimum) {
                    $minimums[] = $minimum;
                }
            }
            if (null !== $median && [] !== $minimums) {
                $figures[] = \sprintf(
                    '%s %s, fewest %s',
                    $row->name,
                    Cells::figure(Metric::InstructionsPerRequest, $median),
                    Cells::figure(Metric::InstructionsPerRequest, min($minimums)),
                );
            }
        }

        return $figures;
    }
}
