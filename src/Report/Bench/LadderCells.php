<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\Verdict;

/**
 * The ladder's table and its lines of explanation, formatted once for the console and markdown.
 *
 * @internal
 */
final class LadderCells
{
    /** @return list<string> */
    public static function headers(BenchReport $report): array
    {
        $level = (int) round($report->confidenceLevel * 100);
        $metric = $report->ladder->metric ?? Metric::RequestsPerSecond;

        return [
            'rung', 'req/s (min–max)', ...(
                Metric::RequestsPerSecond === $metric ? [] : [\sprintf('%s (%s)', $metric->label(), $metric->unit())]
            ),
            \sprintf(
                'over the rung below, %s (%d%% CI)',
                $metric->label(),
                $level,
            ), \sprintf('over the baseline, %s (%d%% CI)', $metric->label(), $level),
            'worker PSS', 'OPcache used', 'preload memory', 'start-up',
        ];
    }

    /**
     * How long each column of headers() stays when the table must fit a narrow terminal (see FittedTable): the rung
     * and the staircase of gains always, then preload memory and start-up beside them; the highest goes first.
     *
     * @return list<int>
     */
    public static function importance(BenchReport $report): array
    {
        $metric = $report->ladder->metric ?? Metric::RequestsPerSecond;

        return [
            0,
            Metric::RequestsPerSecond === $metric ? 6 : 11,
            ...(Metric::RequestsPerSecond === $metric ? [] : [7]),
            // over the rung below, over the baseline
            0, 5,
            // worker PSS, OPcache used, preload memory, start-up
            9, 10, 3, 4,
        ];
    }

    /** @return list<list<string>> */
    public static function rows(LadderReport $ladder): array
    {
        return array_map(static fn (LadderRow $row): array => self::row($row, $ladder->metric), $ladder->rows);
    }

    /** @return list<string> */
    public static function row(LadderRow $ladder, Metric $metric): array
    {
        $row = $ladder->row;
        $name = self::name($ladder);
        $extra = Metric::RequestsPerSecond === $metric ? 0 : 1;
        if (!$row->isMeasured()) {
            // In a few words: the reason is in the rung's line below the table.
            return [
                $name,
                null !== $row->skipped ? explode(':', $row->skipped, 2)[0] : 'broken',
                ...array_fill(0, 6 + $extra, ''),
            ];
        }
        $own = $row->metric($metric)?->spread;
        $opcacheUsed = $row->server->opcacheUsedBytes;

        return [
            $name,
            self::spread($row->throughput->requestsPerSecond),
            ...(0 === $extra ? [] : [self::spread($own)]),
            null === $ladder->below ? '—' : self::gain($ladder->overBelow).' vs '.$ladder->below,
            self::gain($ladder->overBaseline),
            null === $row->server->workerPssBytes
                ? ''
                : \sprintf('%.1f MB (%d)', $row->server->workerPssBytes / 1048576, $row->server->workers),
            null === $opcacheUsed ? '' : \sprintf('%.1f MB', $opcacheUsed / 1048576),
            null === $row->preload->memoryBytes ? '' : \sprintf('%.1f MB', $row->preload->memoryBytes / 1048576),
            null === $row->server->fpmStartSeconds ? '' : \sprintf('%.2f s', $row->server->fpmStartSeconds),
        ];
    }

    /**
     * Each rung in one line: what it adds, and what it ran with.
     *
     * @return list<string>
     */
    public static function explanations(LadderReport $ladder): array
    {
        return array_map(static function (LadderRow $row): string {
            $how = match (true) {
                !$row->row->isMeasured() => ' ['.Cells::notMeasured($row->row).']',
                '' !== $row->ranWith => ' [ran with: '.$row->ranWith.']',
                default => '',
            };

            return \sprintf('%s: %s%s', self::name($row), $row->rung->explanation, $how);
        }, $ladder->rows);
    }

    /**
     * How much of the preload gain remains on top of the optimised autoloader, in one sentence; null when the run
     * cannot tell.
     */
    public static function preloadSummary(LadderReport $ladder): ?string
    {
        $withClassmap = $ladder->preloadOverClassmap;
        $withApp = $ladder->preloadOverAppAutoloader;
        if (null === $withClassmap || null === $withApp) {
            return null;
        }
        // A share of a gain that may be none says nothing: only when both gains are measurable.
        $remaining = Verdict::Faster === $withApp->verdict() && Verdict::Faster === $withClassmap->verdict()
            ? $ladder->preloadGainRemaining
            : null;
        $gain = static fn (PairedComparison $c): string => Verdict::NoMeasurableDifference === $c->verdict()
            ? 'no measurable difference '.Cells::comparison($c)
            : Cells::comparison($c);

        return \sprintf(
            'On %s, preloading everything gains %s with the app\'s own autoloader (the reference over rung 2) and %s '
            .'on top of the optimised autoloader (rung 5 over rung 3)%s.',
            $ladder->metric->label(),
            $gain($withApp),
            $gain($withClassmap),
            null === $remaining
                ? ''
                : \sprintf(': %.0f%% of the preload gain remains once the autoloader is optimised', $remaining * 100),
        );
    }

    private static function spread(?Spread $spread): string
    {
        return null === $spread
            ? ''
            : \sprintf(
                '%s (%s–%s)',
                Cells::number($spread->median),
                Cells::number($spread->min, $spread->median),
                Cells::number($spread->max, $spread->median),
            );
    }

    private static function name(LadderRow $row): string
    {
        return $row->rung->reference ? 'ref. '.$row->rung->title : $row->rung->number.' '.$row->rung->title;
    }

    private static function gain(?PairedComparison $comparison): string
    {
        if (null === $comparison) {
            return '—';
        }
        $verdict = Cells::verdictOf($comparison);

        return Cells::comparison($comparison).' '.$verdict;
    }
}
