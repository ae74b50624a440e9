<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Plan\DroppedFile;
use Preheat\Plan\DropReason;
use Preheat\Plan\PreloadPlan;
use Preheat\Plan\Strategy\MemorySize;
use Preheat\Plan\Strategy\UsageCounts;
use Preheat\Script\Generate\GenerateOutcome;
use Preheat\Script\Generate\Reused;
use Preheat\Util\DisplayString;
use Preheat\Util\RelativePath;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * The console summary of `generate`: counts, why files were left out, what verification saw.
 *
 * @implements Renderer<GenerateReport>
 */
final class GenerateTextRenderer implements Renderer
{
    public function __construct(
        private readonly VerificationTextRenderer $verification = new VerificationTextRenderer(),
    ) {
    }

    public function write(object $report, OutputInterface $output): void
    {
        VerdictStyle::define($output);
        $lines = $this->lines($report->outcome, $output->isVerbose(), $report->scanSummary());
        $output->writeln(array_map(DisplayString::of(...), $lines));
    }

    /** @return list<string> */
    public function lines(GenerateOutcome $outcome, bool $verbose, ScanSummary $scan = new ScanSummary()): array
    {
        $result = $outcome->planResult;
        $plan = $result->plan;
        $root = $plan->projectRoot;
        $lines = [];
        $lines[] = OutputFormatter::escape(\sprintf('Preload plan (%s strategy) for %s', $plan->strategy, $root));
        array_push($lines, ...$scan->text($result, $verbose));
        // The scan's lines escape their own; the lines from here on are escaped below.
        $own = \count($lines);
        $selection = $outcome->selection;
        if (null !== $selection) {
            $lines[] = \sprintf(
                UsageCounts::ScriptLoads === $selection->counts
                    ? '  Usage      %d loads of the busiest script (php-fpm\'s hit counts) over %d scripts; chose %d, '
                        .'covering %.1f%% of loads (estimated %s)'
                    : '  Usage      %d sampled requests loaded %d files; chose %d, covering %.1f%% of loads '
                        .'(estimated %s)',
                $selection->requests,
                $selection->recordedFiles,
                $selection->chosen,
                $selection->coverage * 100,
                MemorySize::format($selection->estimatedBytes),
            );
        }
        $lines[] = \sprintf(
            '  Preload    %d files: %d classes, %d functions',
            \count($plan->included),
            $plan->classCount(),
            $plan->functionCount(),
        );
        $lines[] = \sprintf('  Left out   %d files', \count($plan->droppedFiles));
        foreach ($plan->droppedFileCountsByReason() as $reason => $count) {
            $lines[] = \sprintf('  %10d   %s', $count, DropReason::from($reason)->label());
        }
        $classCounts = $plan->droppedClassCountsByReason();
        $lines[] = \sprintf('  Classes left out: %d', array_sum($classCounts));
        foreach ($classCounts as $reason => $count) {
            $lines[] = \sprintf('  %10d   %s', $count, DropReason::from($reason)->label());
        }

        // Files left out for reasons worth reading; dev packages and files with nothing to preload are only counted.
        $quiet = [
            DropReason::DevPackage,
            DropReason::NotSelected,
            DropReason::NothingToPreload,
            DropReason::OverIniCapacity,
        ];
        $interesting = array_filter(
            $plan->droppedFiles,
            static fn ($f): bool => !\in_array($f->exclusion->reason, $quiet, true),
        );
        if ([] !== $interesting) {
            $lines[] = $verbose
                ? '  Left out, and why:'
                : '  Left out, and why (first 15; -v for all, `preheat explain NAME` for the chain of reasons):';
            foreach (\array_slice($interesting, 0, $verbose ? null : 15) as $file) {
                $subject = $this->subjectOf($file, $plan);
                $lines[] = \sprintf(
                    '    %s%s: %s',
                    RelativePath::of($file->path, $root),
                    null === $subject ? '' : " ($subject)",
                    $file->exclusion->message,
                );
            }
        }
        foreach ($outcome->calibrations as $calibration) {
            $lines[] = \sprintf(
                '  Budget round %d: PHP measured %s of preload memory, over the budget of %s; estimate calibrated to '
                .'%.2f bytes per source byte',
                $calibration->round,
                Format::megabytes($calibration->measuredBytes),
                Format::megabytes($calibration->budgetBytes),
                $calibration->bytesPerSourceByte,
            );
        }
        foreach ($outcome->capacityRounds as $round) {
            $lines[] = \sprintf(
                '  Fit round %d: %s=%s %s; kept %d of %d planned files',
                $round->round,
                $round->setting,
                $round->currentValue,
                $round->estimated ? 'far too small by the estimate, before the first boot' : 'overflowed',
                $round->keptFiles,
                $round->plannedFiles,
            );
        }
        foreach ($outcome->fixing->rounds as $round) {
            $lines[] = \sprintf('  Fix round %d dropped:', $round->round);
            foreach ($round->drops as $drop) {
                $lines[] = \sprintf('    %s: %s', RelativePath::of($drop->subject, $root), $drop->why);
            }
        }
        // Paths, names and reasons come from the project: console markup in them (`<error>` in a directory name)
        // is printed as written. The verification's lines escape their own.
        $lines = [
            ...\array_slice($lines, 0, $own),
            ...array_map(OutputFormatter::escape(...), \array_slice($lines, $own)),
        ];
        if (null !== $outcome->verification) {
            array_push($lines, ...$this->verification->lines($outcome->verification, $outcome->strict));
        }
        $fitted = $outcome->capacitySummary();
        if (null !== $fitted) {
            $lines[] = OutputFormatter::escape(ucfirst($fitted));
        }
        $lines[] = $outcome->written
            ? \sprintf(
                match ($outcome->reused) {
                    Reused::Release => 'Wrote %s: the same files as a release verified before, whose '
                        .'verification it reuses (--reverify boots PHP again)',
                    Reused::Unchanged => 'Kept %s: unchanged since its last verification (--reverify boots PHP again)',
                    Reused::No => 'Wrote %s',
                },
                OutputFormatter::escape($outcome->outputPath),
            )
            : VerdictStyle::Error->tag(OutputFormatter::escape(\sprintf(
                'Did not write %s: the script failed verification%s.',
                $outcome->outputPath,
                $this->hint($outcome),
            )));

        return $lines;
    }

    /** What may help, when something can: fix rounds drop what PHP refuses, but no setting of the ini. */
    private function hint(GenerateOutcome $outcome): string
    {
        $verification = $outcome->verification;
        if (null === $verification) {
            return '';
        }
        foreach ($verification->findings as $finding) {
            if (null !== $finding->setting) {
                return \sprintf(
                    ' (%s in %s, see above)',
                    $finding->setting,
                    $verification->php->settings->iniFile ?? 'php.ini',
                );
            }
        }
        if (0 === $outcome->fixing->limit && [] !== $verification->unlinkedClasses) {
            return ' (without --no-fix, what PHP refuses is dropped and the script tried again)';
        }
        if (null !== $outcome->fixing->stalledRound) {
            return \sprintf(
                ': fix round %d would have dropped only what earlier rounds dropped, so dropping cannot fix what PHP '
                .'refuses (see its first message above)',
                $outcome->fixing->stalledRound,
            );
        }
        if ([] !== $outcome->fixing->rounds && \count($outcome->fixing->rounds) >= $outcome->fixing->limit) {
            return \sprintf(
                ' after %d fix round(s) (--fix-rounds=%d)',
                \count($outcome->fixing->rounds),
                $outcome->fixing->limit,
            );
        }

        return '';
    }

    /** The class whose own exclusion dropped the file, when it was one class rather than the file itself. */
    private function subjectOf(DroppedFile $file, PreloadPlan $plan): ?string
    {
        foreach ($file->classes as $class) {
            if ($plan->droppedClass($class)?->exclusion === $file->exclusion && \count($file->classes) > 1) {
                return $class;
            }
        }

        return 1 === \count($file->classes) ? $file->classes[0] : null;
    }
}
