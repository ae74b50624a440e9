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
    /**
     * The two formats name a counter's family apart: NAME, whose samples are NAME_total, in OpenMetrics;
     * NAME_total itself in 0.0.4. `promtool check metrics` reads 0.0.4 only, so it takes an OpenMetrics
     * counter's samples for a family without HELP and refuses it. OpenMetricsRenderer therefore writes a
     * counter as an untyped NAME_total family with its HELP (type unknown in OpenMetrics, untyped in 0.0.4),
     * which both formats accept and rate() and increase() read alike; PrometheusTextRenderer types it.
     */
    case Counter = 'counter';
}
