<?php

declare(strict_types=1);

namespace Preheat\Report;

use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat usage merge` as text: one line, what was added into which store.
 *
 * @implements Renderer<UsageMergeReport>
 */
final class UsageMergeTextRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $output->writeln(\sprintf(
            'Added %d %s into %s: %s sampled requests, %s files%s.',
            \count($report->sources),
            1 === \count($report->sources) ? 'store' : 'stores',
            $report->into,
            number_format($report->requests),
            number_format($report->files),
            $report->skippedRecords > 0 ? \sprintf(' (%d damaged records skipped)', $report->skippedRecords) : '',
        ), OutputInterface::OUTPUT_RAW); // the store's path as written, whatever it holds
    }
}
