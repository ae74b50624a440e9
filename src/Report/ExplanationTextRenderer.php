<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Plan\Explanation;
use Preheat\Util\RelativePath;
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

    /** @return list<string> */
    public function lines(Explanation $explanation, string $root): array
    {
        $where = null === $explanation->file ? '' : \sprintf(' (%s)', RelativePath::of($explanation->file, $root));
        if ($explanation->included) {
            $lines = [\sprintf('<info>IN</info>  %s%s is preloaded.', $explanation->subject, $where)];
            if ('' !== $explanation->note) {
                $lines[] = '  '.$explanation->note;
            }

            return $lines;
        }
        $lines = [\sprintf('<comment>OUT</comment> %s%s is not preloaded.', $explanation->subject, $where)];
        foreach ($explanation->chain as $depth => $step) {
            $indent = str_repeat('  ', $depth + 1);
            $location = null === $step->file || $step->file === $explanation->file
                ? ''
                : \sprintf(' [%s]', RelativePath::of($step->file, $root));
            $lines[] = null === $step->exclusion
                ? \sprintf('%s%s%s', $indent, $step->subject, $location)
                : \sprintf(
                    '%s%s%s: %s',
                    $indent,
                    0 === $depth ? 'because' : '← '.$step->subject,
                    $location,
                    $step->exclusion->message,
                );
        }
        if ('' !== $explanation->note) {
            $lines[] = '  '.$explanation->note;
        }

        return $lines;
    }
}
