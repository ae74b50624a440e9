<?php

declare(strict_types=1);

namespace Preheat\Report\OpenMetrics;

use Preheat\Deploy\PreloadStatus;
use Preheat\Report\Renderer;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat status --format=openmetrics`: freshness, what was preloaded, OPcache's memory, interned strings
 * and restarts, as OpenMetrics text (a node_exporter textfile, or what a scrape reads).
 *
 * @implements Renderer<PreloadStatus>
 */
final class StatusMetricsRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $output->write(StatusMetrics::status($report)->text(), false, OutputInterface::OUTPUT_RAW);
    }
}
