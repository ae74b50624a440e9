<?php

declare(strict_types=1);

namespace Preheat\Report\OpenMetrics;

use Preheat\Deploy\StatusUnknown;
use Preheat\Report\Renderer;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat status --format=openmetrics` when php-fpm did not answer: up 0 and the state "unknown" (the command
 * still fails with exit code 3 and says why on stderr).
 *
 * @implements Renderer<StatusUnknown>
 */
final class UnknownStatusMetricsRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $output->write(StatusMetrics::unknown($report)->text(), false, OutputInterface::OUTPUT_RAW);
    }
}
