<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Progress\TimingReport;
use Preheat\Progress\TimingSpan;
use Preheat\Report\Terminal\WordWrap;

/**
 * The timing table `generate -vv` and `verify -vv` print on stderr: each span indented under the one it ran in,
 * its seconds, its share of the wall time, and what it counted. The last lines say how many processes ran and
 * what no span accounts for, so that a slow stage nobody named still shows. Given a width (the terminal's), the
 * counts wrap under the counts; a stage's name and its figures are never cut.
 */
final class TimingTableRenderer
{
    /** @return list<string> */
    public function render(TimingReport $report, ?int $width = null): array
    {
        $rows = [];
        foreach ($report->spans as $span) {
            $rows[] = [str_repeat('  ', $span->depth).$span->name, $span->seconds, self::notes($span)];
        }
        $unaccounted = max(0.0, $report->wallSeconds - $report->accountedSeconds());
        $rows[] = ['not in any span', $unaccounted, ''];
        $rows[] = ['total', $report->wallSeconds, \sprintf('%d process(es)', $report->processes())];

        $column = max(5, ...array_map(static fn (array $row): int => mb_strlen($row[0]), $rows));
        $lines = ['Timings', \sprintf('  %s  %9s  %5s  %s', str_pad('stage', $column), 'seconds', 'share', 'counts')];
        foreach ($rows as [$name, $seconds, $notes]) {
            $share = $report->wallSeconds > 0 ? 100 * $seconds / $report->wallSeconds : 0.0;
            $figures = \sprintf(
                '  %s  %9.3f  %4.0f%%  ',
                $name.str_repeat(' ', $column - mb_strlen($name)),
                $seconds,
                $share,
            );
            array_push($lines, ...self::withNotes($figures, $notes, $width));
        }

        return $lines;
    }

    /**
     * A row: its figures, then its counts, wrapped under the counts when the line would be wider than $width.
     *
     * @return list<string>
     */
    private static function withNotes(string $figures, string $notes, ?int $width): array
    {
        $room = null === $width ? null : $width - mb_strwidth($figures);
        if (null === $room || mb_strwidth($figures.$notes) <= (int) $width || $room < 12) {
            return [rtrim($figures.$notes)];
        }
        $wrapped = WordWrap::lines($notes, $room);
        $indent = str_repeat(' ', mb_strwidth($figures));

        return [
            rtrim($figures.$wrapped[0]),
            ...array_map(static fn (string $line): string => $indent.$line, \array_slice($wrapped, 1)),
        ];
    }

    private static function notes(TimingSpan $span): string
    {
        $notes = [];
        if ($span->times > 1) {
            $notes[] = \sprintf('%d times', $span->times);
        }
        foreach ($span->counts as $what => $count) {
            $notes[] = \sprintf('%d %s', $count, 1 === $count && 'processes' === $what ? 'process' : $what);
        }

        return implode(', ', $notes);
    }
}
