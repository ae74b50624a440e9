<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use Preheat\Report\Bench\BenchReport;
use Preheat\Report\Bench\ConsoleRenderer;
use Preheat\Report\Bench\JsonRenderer;
use Preheat\Report\Bench\MarkdownRenderer;
use Preheat\Report\Bench\SvgRenderer;
use Preheat\Report\Renderer;
use Symfony\Component\Console\Output\BufferedOutput;

/**
 * A bench report as each renderer writes it, through Renderer::write() alone: what the terminal or a
 * file receives.
 */
final class Written
{
    public static function text(BenchReport $report): string
    {
        return self::by(new ConsoleRenderer(), $report);
    }

    public static function markdown(BenchReport $report): string
    {
        return self::by(new MarkdownRenderer(), $report);
    }

    /** The report.json document, byte for byte. */
    public static function jsonDocument(BenchReport $report): string
    {
        return self::by(new JsonRenderer(), $report);
    }

    /** @return array<string, mixed> the report.json document, decoded */
    public static function json(BenchReport $report): array
    {
        $data = json_decode(self::jsonDocument($report), true, 512, \JSON_THROW_ON_ERROR);
        \assert(\is_array($data));

        /** @var array<string, mixed> $data */
        return $data;
    }

    public static function svg(BenchReport $report): string
    {
        return self::by(new SvgRenderer(), $report);
    }

    /** @param Renderer<BenchReport> $renderer */
    private static function by(Renderer $renderer, BenchReport $report): string
    {
        $output = new BufferedOutput();
        $renderer->write($report, $output);

        return $output->fetch();
    }
}
