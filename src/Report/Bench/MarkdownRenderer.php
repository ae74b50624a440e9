<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Report\Renderer;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * The report as markdown: the results table in the write-ups' shape, the environment, the notes.
 *
 * @implements Renderer<BenchReport>
 */
final class MarkdownRenderer implements Renderer
{
    /** The report.md document, as written to a file or the terminal. */
    public function write(object $report, OutputInterface $output): void
    {
        $output->write(self::document($report), false, OutputInterface::OUTPUT_RAW);
    }

    private static function document(BenchReport $report): string
    {
        $headline = Cells::headline($report);
        $lines = [
            null === $report->ladder ? '# Preheat benchmark' : '# Preheat ladder',
            '',
            (string) array_shift($headline),
            '',
        ];
        foreach ($headline as $line) {
            $lines[] = '- '.$line;
        }
        array_push($lines, ...([] === $headline ? [] : ['']));
        if (null === $report->ladder) {
            array_push($lines, self::table(Cells::headers($report), Cells::rows($report)), '');
        } else {
            array_push(
                $lines,
                self::table(LadderCells::headers($report), LadderCells::rows($report->ladder)),
                '',
                '## Rungs',
                '',
                ...array_map(
                    static fn (string $line): string => '- '.$line,
                    LadderCells::explanations($report->ladder),
                ),
            );
            $lines[] = '';
        }
        $summary = null === $report->ladder ? null : LadderCells::preloadSummary($report->ladder);
        if (null !== $summary) {
            array_push($lines, $summary, '');
        }
        $lines[] = '## Environment';
        $lines[] = '';
        $lines[] = self::table(
            ['setting', 'value'],
            array_map(static fn (array $pair): array => [$pair[0], $pair[1]], Cells::environment($report)),
        );
        $notes = Cells::notes($report);
        if ([] !== $notes) {
            $lines[] = '';
            $lines[] = '## Notes';
            $lines[] = '';
            foreach ($notes as $note) {
                $lines[] = '- '.str_replace("\n", "\n  ", $note);
            }
        }

        return implode("\n", $lines)."\n";
    }

    /**
     * @param list<string>       $headers
     * @param list<list<string>> $rows
     */
    private static function table(array $headers, array $rows): string
    {
        $escape = static fn (string $cell): string => str_replace(['|', "\n"], ['\|', ' '], $cell);
        $lines = ['| '.implode(' | ', array_map($escape, $headers)).' |', '|'.str_repeat('---|', \count($headers))];
        foreach ($rows as $row) {
            $lines[] = '| '.implode(' | ', array_map($escape, $row)).' |';
        }

        return implode("\n", $lines);
    }
}
