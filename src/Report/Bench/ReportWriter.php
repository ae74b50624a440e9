<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\InvalidSetting;
use Preheat\Setting;
use Preheat\Util\AtomicFile;

/** Writes report.md, report.json and chart.svg into a directory, each atomically. */
final class ReportWriter
{
    /** @return list<string> the files written */
    public function write(BenchReport $report, string $directory): array
    {
        if (!is_dir($directory) && !@mkdir($directory, 0777, true) && !is_dir($directory)) {
            throw InvalidSetting::because(
                Setting::ReportDirectory,
                \sprintf(
                    'Cannot create the report directory %s: check that its parent exists and that you may write '
                    .'there, or choose another.',
                    $directory,
                ),
            );
        }
        $files = [
            $directory.'/report.md' => (new MarkdownRenderer())->render($report),
            $directory.'/report.json' => (new JsonRenderer())->document($report),
            $directory.'/chart.svg' => (new SvgRenderer())->render($report),
        ];
        foreach ($files as $file => $content) {
            AtomicFile::write($file, $content);
        }

        return array_keys($files);
    }
}
