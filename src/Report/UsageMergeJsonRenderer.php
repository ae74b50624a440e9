<?php

declare(strict_types=1);

namespace Preheat\Report;

use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat usage merge --format=json`: the stores added up, into which, and what the sum holds.
 *
 * @implements Renderer<UsageMergeReport>
 */
final class UsageMergeJsonRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $output->writeln((string) json_encode([
            'into' => $report->into,
            'sources' => $report->sources,
            'requests' => $report->requests,
            'files' => $report->files,
            'skippedRecords' => $report->skippedRecords,
        ], \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES), OutputInterface::OUTPUT_RAW);
    }
}
