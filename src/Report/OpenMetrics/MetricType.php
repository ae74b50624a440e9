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
     * Written as NAME_total with a HELP and no TYPE line: a family of type unknown in OpenMetrics, untyped in
     * 0.0.4. The two formats name a counter's family apart (NAME, whose samples are NAME_total, in OpenMetrics;
     * NAME_total itself in 0.0.4, the only form `promtool check metrics` accepts), so no typed counter passes
     * both; the untyped family does, under the same sample name, and rate() and increase() read it alike.
     */
    case Counter = 'counter';
}
