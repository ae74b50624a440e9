<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Report\Renderer;
use Symfony\Component\Console\Helper\Table;
use Symfony\Component\Console\Output\BufferedOutput;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * The report for a terminal: the same cells as the markdown table (the ladder's, for a ladder), drawn as a box table.
 *
 * @implements Renderer<BenchReport>
 */
final class ConsoleRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $output->write(self::text($report), false, OutputInterface::OUTPUT_RAW);
    }

    /**
     * Drawn into a buffer, undecorated, then written raw: the tables come out the same on a terminal, in a
     * pipe and in a file.
     */
    private static function text(BenchReport $report): string
    {
        $output = new BufferedOutput();
        foreach (Cells::headline($report) as $line) {
            $output->writeln($line);
        }
        $output->writeln(Recommendation::of($report)->line);
        $output->writeln('');
        if (null !== $report->ladder) {
            (new Table($output))->setHeaders(LadderCells::headers($report))->setRows(
                LadderCells::rows($report->ladder),
            )->render();
            foreach (LadderCells::explanations($report->ladder) as $line) {
                $output->writeln('  '.$line);
            }
            $summary = LadderCells::preloadSummary($report->ladder);
            if (null !== $summary) {
                $output->writeln($summary);
            }
        } else {
            (new Table($output))->setHeaders(Cells::headers($report))->setRows(Cells::rows($report))->render();
        }
        $output->writeln('');
        (new Table($output))->setHeaders(['environment', ''])->setRows(Cells::environment($report))->render();
        foreach (Cells::notes($report) as $note) {
            $output->writeln('* '.$note);
        }

        return $output->fetch();
    }
}
