<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Plan\Explanation;
use Preheat\Util\RelativePath;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat explain` as text: IN or OUT, and the chain of reasons a name is left out.
 *
 * @implements Renderer<ExplainReport>
 */
final class ExplanationTextRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $output->writeln($this->lines($report->explanation, $report->projectRoot));
    }

    /**
     * The explanation as console lines; names, paths and reasons come from the project, and console markup in them
     * is printed as written.
     *
     * @return list<string>
     */
    public function lines(Explanation $explanation, string $root): array
    {
        $where = null === $explanation->file ? '' : \sprintf(' (%s)', RelativePath::of($explanation->file, $root));
        if ($explanation->included) {
            $lines = ['<info>IN</info>  '.OutputFormatter::escape($explanation->subject.$where.' is preloaded.')];
            if ('' !== $explanation->note) {
                $lines[] = '  '.OutputFormatter::escape($explanation->note);
            }

            return $lines;
        }
        $lines = ['<comment>OUT</comment> '.OutputFormatter::escape($explanation->subject.$where.' is not preloaded.')];
        foreach ($explanation->chain as $depth => $step) {
            $indent = str_repeat('  ', $depth + 1);
            $location = null === $step->file || $step->file === $explanation->file
                ? ''
                : \sprintf(' [%s]', RelativePath::of($step->file, $root));
            $lines[] = OutputFormatter::escape(null === $step->exclusion
                ? \sprintf('%s%s%s', $indent, $step->subject, $location)
                : \sprintf(
                    '%s%s%s: %s',
                    $indent,
                    0 === $depth ? 'because' : '← '.$step->subject,
                    $location,
                    $step->exclusion->message,
                ));
        }
        if ('' !== $explanation->note) {
            $lines[] = '  '.OutputFormatter::escape($explanation->note);
        }

        return $lines;
    }
}
