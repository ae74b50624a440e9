<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Session\Checks;
use Preheat\Bench\Statistics\Verdict;
use Preheat\Report\Compare\ChecksText;
use Preheat\Report\Renderer;
use Preheat\Report\Terminal\FittedTable;
use Preheat\Report\Terminal\TerminalWidth;
use Preheat\Report\Terminal\WordWrap;
use Preheat\Report\VerdictStyle;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Output\BufferedOutput;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * The report for a terminal: the same cells as the markdown table (the ladder's, for a ladder), drawn as a box table
 * that fits the terminal's width (see TerminalWidth): the least important columns go first, then cells wrap; the
 * scenario, the primary figure's gain and its verdict always stay. The run's checks, when it has some, follow as
 * a section of lines.
 *
 * @implements Renderer<BenchReport>
 */
final class ConsoleRenderer implements Renderer, ShowsChecks
{
    /** @param int|null $width the width to fit (null: the output's, as TerminalWidth says) */
    public function __construct(private readonly ?int $width = null, private readonly ?Checks $checks = null)
    {
    }

    public function withChecks(Checks $checks): Renderer
    {
        return new self($this->width, $checks);
    }

    public function write(object $report, OutputInterface $output): void
    {
        $text = self::text($report, $this->width ?? TerminalWidth::of($output));
        if ($output->isDecorated()) {
            $text = self::coloured($text, $output);
        }
        $output->write($text, false, OutputInterface::OUTPUT_RAW);
        // After the coloured report, uncoloured: its verdict words are no cells of a verdict column.
        $checks = null === $this->checks ? [] : ChecksText::console($this->checks);
        if ([] !== $checks) {
            $output->write(implode("\n", $checks)."\n", false, OutputInterface::OUTPUT_RAW);
        }
    }

    /**
     * The verdicts in colour, on a terminal: "faster" green and "slower" red in the verdict columns and the headline
     * ("all vs none: faster (...)"); "no measurable difference" and "no verdict" stay plain. Applied to the drawn
     * text, whose widths were measured without colour.
     */
    private static function coloured(string $text, OutputInterface $output): string
    {
        VerdictStyle::define($output);
        $styled = static fn (string $word): string => $output->getFormatter()->format(
            (Verdict::Faster->value === $word ? VerdictStyle::Ok : VerdictStyle::Error)->tag($word),
        ) ?? $word;
        $lines = explode("\n", $text);
        $columns = [];
        foreach ($lines as $i => $line) {
            if (str_starts_with($line, '| ') && [] === $columns) {
                // The header of a table: where its verdict columns are.
                foreach (explode('|', $line) as $c => $cell) {
                    if ('verdict' === trim($cell)) {
                        $columns[] = $c;
                    }
                }

                continue;
            }
            if (!str_starts_with($line, '|')) {
                $columns = str_starts_with($line, '+') ? $columns : [];
                $lines[$i] = (string) preg_replace_callback(
                    '/^(\S+ (?:vs|over) \S+: )(faster|slower)\b/',
                    static fn (array $m): string => $m[1].$styled($m[2]),
                    $line,
                );

                continue;
            }
            $cells = explode('|', $line);
            foreach ($columns as $c) {
                $word = trim($cells[$c] ?? '');
                if (\in_array($word, [Verdict::Faster->value, Verdict::Slower->value], true)) {
                    $cells[$c] = str_replace($word, $styled($word), $cells[$c]);
                }
            }
            $lines[$i] = implode('|', $cells);
        }

        return implode("\n", $lines);
    }

    /**
     * Drawn into a buffer, undecorated, then written raw: the tables come out the same on a terminal, in a
     * pipe and in a file.
     */
    private static function text(BenchReport $report, ?int $width): string
    {
        $output = new BufferedOutput();
        // Escaped: a note may quote a page's HTML, which is text, not a console style.
        $say = static function (string $line, string $indent = '') use ($output, $width): void {
            $output->writeln(array_map(
                OutputFormatter::escape(...),
                null === $width ? [$line] : WordWrap::hanging($line, $width, $indent),
            ));
        };
        foreach (HeadlineCells::headline($report) as $line) {
            $say($line, '  ');
        }
        $say(Recommendation::of($report)->line, '  ');
        $output->writeln('');
        if (null !== $report->ladder) {
            $dropped = (new FittedTable(
                LadderCells::headers($report),
                LadderCells::rows($report->ladder),
                LadderCells::importance($report),
            ))->render($output, $width);
            foreach (LadderCells::explanations($report->ladder) as $line) {
                $say('  '.$line, '    ');
            }
            $summary = LadderCells::preloadSummary($report->ladder);
            if (null !== $summary) {
                $say($summary, '  ');
            }
        } else {
            $dropped = (new FittedTable(Cells::headers($report), Cells::rows($report), Cells::importance($report)))
                ->render($output, $width);
        }
        if ([] !== $dropped) {
            $say(\sprintf(
                'Left out to fit %d columns: %s (a wider terminal, COLUMNS=N or --format=md shows them).',
                $width,
                implode(', ', $dropped),
            ), '  ');
        }
        $output->writeln('');
        $environment = EnvironmentCells::environment($report);
        (new FittedTable(['environment', ''], $environment, [], [1]))->render($output, $width);
        foreach (NoteCells::notes($report) as $note) {
            $say('* '.$note, '  ');
        }

        return $output->fetch();
    }
}
