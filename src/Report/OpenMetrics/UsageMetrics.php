<?php

declare(strict_types=1);

namespace Preheat\Report\OpenMetrics;

use Preheat\Report\UsageReport;

/**
 * The families of `preheat usage --format=openmetrics|prometheus`: what the recorders stored (requests,
 * batches, files), what they had to drop, and when they last recorded, labelled with the store. An alert on
 * the drops or on the age of the latest request tells that recording suffers or stopped.
 */
final class UsageMetrics
{
    public static function of(UsageReport $report): Exposition
    {
        $usage = $report->summary->snapshot;
        $labels = ['store' => $report->store];
        $metrics = (new Exposition())
            ->add(
                MetricType::Counter,
                'preheat_usage_requests',
                '',
                'Sampled requests the recorders stored.',
                Exposition::sample($labels, $usage->requests),
            )
            ->add(
                MetricType::Counter,
                'preheat_usage_batches',
                '',
                'Batches the recorders flushed to the store.',
                Exposition::sample($labels, $usage->reading->batches),
            )
            ->add(
                MetricType::Counter,
                'preheat_usage_dropped_requests',
                '',
                'Sampled requests the recorders dropped: the batches holding them were dropped, oldest first, '
                .'while the store could not be written.',
                Exposition::sample($labels, $usage->reading->droppedRequests),
            )
            ->add(
                MetricType::Gauge,
                'preheat_usage_damaged_records',
                '',
                'Records of the store that could not be read (torn or garbled lines), skipped.',
                Exposition::sample($labels, $usage->reading->skippedRecords),
            )
            ->add(
                MetricType::Gauge,
                'preheat_usage_files',
                '',
                'Distinct PHP files the recorded requests loaded.',
                Exposition::sample($labels, $report->summary->distinctFiles()),
            )
            ->add(
                MetricType::Gauge,
                'preheat_usage_servers',
                '',
                'Servers whose recorders wrote to the store.',
                Exposition::sample($labels, \count($usage->servers)),
            );
        if (null !== $usage->from) {
            $metrics->add(
                MetricType::Gauge,
                'preheat_usage_first_request_timestamp_seconds',
                'seconds',
                'When the earliest sampled request in the store was recorded (Unix time).',
                Exposition::sample($labels, $usage->from),
            );
        }
        if (null !== $usage->to) {
            $metrics->add(
                MetricType::Gauge,
                'preheat_usage_last_request_timestamp_seconds',
                'seconds',
                'When the latest sampled request in the store was recorded (Unix time): the last flush wrote it, '
                .'at most the recorder\'s flush interval later.',
                Exposition::sample($labels, $usage->to),
            );
        }

        return $metrics;
    }
}
