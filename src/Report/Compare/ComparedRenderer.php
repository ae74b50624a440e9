<?php

declare(strict_types=1);

namespace Preheat\Report\Compare;

use Preheat\Bench\Session\Checks;
use Preheat\Report\Bench\BenchReport;
use Preheat\Report\Renderer;
use Symfony\Component\Console\Output\BufferedOutput;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * A bench report with its checks: the report as its own renderer writes it, then the comparison with the
 * earlier run and the assertions (a section after the text or markdown; two keys, `comparison` and
 * `assertions`, added to the JSON document).
 *
 * @implements Renderer<BenchReport>
 */
final class ComparedRenderer implements Renderer
{
    /** The formats it adds the checks to: a section after text and markdown, keys in JSON. */
    public const FORMATS = ['text', 'md', 'json'];

    /** @param Renderer<BenchReport> $report */
    public function __construct(
        private readonly Renderer $report,
        private readonly Checks $checks,
        private readonly string $format,
    ) {
    }

    public function write(object $report, OutputInterface $output): void
    {
        if ('json' !== $this->format) {
            $this->report->write($report, $output);
            $lines = 'md' === $this->format ? ChecksText::markdown($this->checks) : ChecksText::console($this->checks);
            if ([] !== $lines) {
                $output->write(implode("\n", $lines)."\n", false, OutputInterface::OUTPUT_RAW);
            }

            return;
        }
        // The report's own document, its keys and shapes untouched (objects stay objects), with the checks added.
        $buffer = new BufferedOutput();
        $this->report->write($report, $buffer);
        $document = json_decode($buffer->fetch(), false, 512, \JSON_THROW_ON_ERROR);
        \assert($document instanceof \stdClass);
        foreach (ChecksJson::keys($this->checks) as $key => $value) {
            $document->{$key} = $value;
        }
        $output->write(
            json_encode($document, \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES | \JSON_THROW_ON_ERROR)."\n",
            false,
            OutputInterface::OUTPUT_RAW,
        );
    }
}
