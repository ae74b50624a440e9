<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Progress\TimingReport;
use Preheat\Progress\TimingSpan;

/**
 * The timing table `generate -vv` and `verify -vv` print on stderr: each span indented under the one it ran in,
 * its seconds, its share of the wall time, and what it counted. The last lines say how many processes ran and
 * what no span accounts for, so that a slow stage nobody named still shows.
 */
final class TimingTableRenderer
{
    /** @return list<string> */
    public function render(TimingReport $report): array
    {
        $rows = [];
        foreach ($report->spans as $span) {
            $rows[] = [str_repeat('  ', $span->depth).$span->name, $span->seconds, self::notes($span)];
        }
        $unaccounted = max(0.0, $report->wallSeconds - $report->accountedSeconds());
        $rows[] = ['not in any span', $unaccounted, ''];
        $rows[] = ['total', $report->wallSeconds, \sprintf('%d process(es)', $report->processes())];

        $width = max(5, ...array_map(static fn (array $row): int => mb_strlen($row[0]), $rows));
        $lines = ['Timings', \sprintf('  %s  %9s  %5s  %s', str_pad('stage', $width), 'seconds', 'share', 'counts')];
        foreach ($rows as [$name, $seconds, $notes]) {
            $share = $report->wallSeconds > 0 ? 100 * $seconds / $report->wallSeconds : 0.0;
            $lines[] = rtrim(
                \sprintf(
                    '  %s  %9.3f  %4.0f%%  %s',
                    $name.str_repeat(' ', $width - mb_strlen($name)),
                    $seconds,
                    $share,
                    $notes,
                ),
            );
        }

        return $lines;
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
