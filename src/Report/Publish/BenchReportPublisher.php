<?php

declare(strict_types=1);

namespace Preheat\Report\Publish;

use Preheat\Bench\Session\BenchOutcome;
use Preheat\Process\ProcessRunner;
use Preheat\Report\Bench\BenchReport;
use Preheat\Report\Bench\BenchReportBuilder;
use Preheat\Report\Bench\Provenance;
use Preheat\Report\Bench\ReportWriter;
use Preheat\Report\Bench\ShowsChecks;
use Preheat\Report\Formats\Renderers;
use Preheat\Report\Renderer;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * A benchmark's report, out: written into a directory when asked (report.md, report.json, chart.svg), then
 * shown in the format asked, with the comparison and the assertions after the report itself.
 */
final class BenchReportPublisher
{
    public function __construct(private readonly Renderers $renderers, private readonly ProcessRunner $runner)
    {
    }

    /** @return bool whether every scenario was measured (or skipped as not applying) and every check held */
    public function publish(
        BenchOutcome $outcome,
        string $format,
        ?string $directory,
        OutputInterface $output,
        OutputInterface $stderr,
    ): bool {
        $result = $outcome->result;
        $report = (new BenchReportBuilder())->build(
            $result,
            Provenance::collect($result->environment, $outcome->projectRoot, runner: $this->runner),
        );
        $renderers = $this->renderers;
        // The run's own report first: a comparison or an assertion that fails cannot lose what was measured.
        $written = null === $directory ? [] : $this->write($renderers, $report, $directory);
        try {
            $checks = $outcome->checks();
        } catch (\Throwable $error) {
            $this->sayWritten($stderr, $written);
            throw $error;
        }
        if (null !== $checks) {
            // Each format that shows them (text, markdown and JSON), in the files the directory gets too.
            foreach ($renderers->formats(BenchReport::class) as $name) {
                $renderer = $renderers->renderer(BenchReport::class, $name);
                if ($renderer instanceof ShowsChecks) {
                    $renderers = $renderers->with(
                        BenchReport::class,
                        $name,
                        static fn (): Renderer => $renderer->withChecks($checks),
                    );
                }
            }
            if (null !== $directory) {
                $written = $this->write($renderers, $report, $directory);
            }
        }
        $this->sayWritten($stderr, $written);
        $renderers->write($report, $format, $output);

        // A rung that does not apply to the app (or a runtime not there yet) is no failure.
        $broken = array_filter($report->rows, static fn ($row): bool => !$row->isMeasured() && null === $row->skipped);

        return [] === $broken && (null === $checks || $checks->passed());
    }

    /** @return list<string> the files written: report.md, report.json and chart.svg in the directory */
    private function write(Renderers $renderers, BenchReport $report, string $directory): array
    {
        $files = new ReportWriter(
            $renderers->renderer(BenchReport::class, 'md'),
            $renderers->renderer(BenchReport::class, 'json'),
        );

        return $files->write($report, $directory);
    }

    /** @param list<string> $files */
    private function sayWritten(OutputInterface $stderr, array $files): void
    {
        foreach ($files as $file) {
            $stderr->writeln(' <info>✓</info> Wrote '.OutputFormatter::escape($file));
        }
    }
}
