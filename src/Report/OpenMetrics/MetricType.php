<?php

declare(strict_types=1);

namespace Preheat\Report\OpenMetrics;

/**
 * The metric types Preheat exposes: the two that OpenMetrics parsers and Prometheus' text format 0.0.4
 * parsers (node_exporter's textfile collector among them) both know. A state set or an info metric is
 * written as gauges of 0 and 1, the way Prometheus' own exporters do, since 0.0.4 refuses those types.
 */
enum MetricType: string
{
    case Gauge = 'gauge';
    /** Written as NAME_total, per OpenMetrics. */
    case Counter = 'counter';
}
