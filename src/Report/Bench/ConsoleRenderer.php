<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Symfony\Component\Console\Helper\Table;
use Symfony\Component\Console\Output\BufferedOutput;

/** The report for a terminal: the same cells as the markdown table, drawn as a box table. */
final class ConsoleRenderer
{
    public function render(BenchReport $report): string
    {
        $output = new BufferedOutput();
        (new Table($output))->setHeaders(Cells::headers($report))->setRows(Cells::rows($report))->render();
        $output->writeln('');
        (new Table($output))->setHeaders(['environment', ''])->setRows(Cells::environment($report))->render();
        foreach (Cells::notes($report) as $note) {
            $output->writeln('* '.$note);
        }

        return $output->fetch();
    }
}
