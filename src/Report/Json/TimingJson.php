<?php

declare(strict_types=1);

namespace Preheat\Report\Json;

use Preheat\Progress\TimingReport;
use Preheat\Progress\TimingSpan;

/** The public JSON of where a run's time went (`generate -vv --format=json`'s "timings"). */
final class TimingJson
{
    /** @return array<string, mixed> */
    public static function report(TimingReport $report): array
    {
        return [
            'wall_seconds' => round($report->wallSeconds, 3),
            'accounted_seconds' => round($report->accountedSeconds(), 3),
            'processes' => $report->processes(),
            'spans' => array_map(static fn (TimingSpan $s): array => [
                'name' => $s->name,
                'depth' => $s->depth,
                'seconds' => round($s->seconds, 3),
                'times' => $s->times,
                'counts' => $s->counts,
            ], $report->spans),
        ];
    }
}
