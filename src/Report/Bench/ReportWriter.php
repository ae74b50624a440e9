<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\InvalidSetting;
use Preheat\Report\Renderer;
use Preheat\Setting;
use Preheat\Util\AtomicFile;
use Symfony\Component\Console\Output\BufferedOutput;

/**
 * Writes report.md, report.json and chart.svg into a directory, each atomically, each by its renderer's
 * write(). The command hands over the md and json renderers of its format registry, the very ones
 * `--format` picks: a file and the terminal never differ.
 */
final class ReportWriter
{
    /**
     * @param Renderer<BenchReport> $markdown report.md
     * @param Renderer<BenchReport> $json     report.json
     * @param Renderer<BenchReport> $chart    chart.svg, which has no `--format` of its own
     */
    public function __construct(
        private readonly Renderer $markdown = new MarkdownRenderer(),
        private readonly Renderer $json = new JsonRenderer(),
        private readonly Renderer $chart = new SvgRenderer(),
    ) {
    }

    /** @return list<string> the files written */
    public function write(BenchReport $report, string $directory): array
    {
        if (!is_dir($directory) && !@mkdir($directory, 0o755, true) && !is_dir($directory)) {
            throw InvalidSetting::because(
                Setting::ReportDirectory,
                \sprintf(
                    'Cannot create the report directory %s: check that its parent exists and that you may write '
                    .'there, or choose another.',
                    $directory,
                ),
            );
        }
        $files = [];
        $renderers = ['report.md' => $this->markdown, 'report.json' => $this->json, 'chart.svg' => $this->chart];
        foreach ($renderers as $file => $renderer) {
            // Rendered whole before the file is replaced: a report that fails to render leaves the old one.
            $output = new BufferedOutput();
            $renderer->write($report, $output);
            $files[$directory.'/'.$file] = $output->fetch();
        }
        foreach ($files as $file => $content) {
            AtomicFile::write($file, $content, AtomicFile::READABLE);
        }

        return array_keys($files);
    }
}
