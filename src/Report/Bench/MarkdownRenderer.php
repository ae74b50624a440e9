<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Session\Checks;
use Preheat\Report\Compare\ChecksText;
use Preheat\Report\Renderer;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * The report as markdown: where it comes from, the headline and the one recommendation, the chart (chart.svg,
 * written beside it), the results table in the write-ups' shape, the environment, the notes; then the run's checks,
 * when it has some, as sections of their own.
 *
 * @implements Renderer<BenchReport>
 */
final class MarkdownRenderer implements Renderer, ShowsChecks
{
    public function __construct(private readonly ?Checks $checks = null)
    {
    }

    public function withChecks(Checks $checks): Renderer
    {
        return new self($checks);
    }

    /** The report.md document, as written to a file or the terminal. */
    public function write(object $report, OutputInterface $output): void
    {
        $checks = null === $this->checks ? [] : ChecksText::markdown($this->checks);
        $output->write(
            self::document($report).([] === $checks ? '' : implode("\n", $checks)."\n"),
            false,
            OutputInterface::OUTPUT_RAW,
        );
    }

    private static function document(BenchReport $report): string
    {
        $headline = HeadlineCells::headline($report);
        $lines = [null === $report->ladder ? '# Preheat benchmark' : '# Preheat ladder', ''];
        if (null !== $report->provenance) {
            array_push($lines, self::provenance($report->provenance), '');
        }
        array_push($lines, '**'.Recommendation::of($report)->line.'**', '', (string) array_shift($headline), '');
        foreach ($headline as $line) {
            $lines[] = '- '.$line;
        }
        array_push($lines, ...([] === $headline ? [] : ['']));
        array_push($lines, \sprintf(
            '![%s, %s](chart.svg)',
            SvgRenderer::title($report->ladder->metric ?? $report->primary->metric),
            null === $report->ladder ? 'each scenario vs '.$report->baseline : 'each rung over the rung below',
        ), '');
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
            array_map(static fn (array $pair): array => [$pair[0], $pair[1]], EnvironmentCells::environment($report)),
        );
        $notes = NoteCells::notes($report);
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

    /** One line: when, by what, on what. */
    private static function provenance(Provenance $provenance): string
    {
        return \sprintf(
            'Run %s by Preheat %s · PHP %s, OPcache %s · app %s · %s, %d cores, %s',
            $provenance->time,
            $provenance->preheat,
            $provenance->php,
            $provenance->opcache,
            null === $provenance->appRevision ? 'not a git tree' : 'at '.$provenance->appRevision,
            $provenance->cpuModel ?? 'CPU model not known',
            $provenance->cores,
            $provenance->kernel,
        );
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
