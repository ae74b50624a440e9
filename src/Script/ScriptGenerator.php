<?php

declare(strict_types=1);

namespace Preheat\Script;

use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\PlanResult;
use Preheat\Plan\Strategy\HotSelection;
use Preheat\Plan\Strategy\MemoryEstimate;
use Preheat\Plan\Strategy\MemorySize;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\ProgressLogger;

/**
 * Plans, writes the script next to its destination, verifies it, and only then moves it into place:
 * a script that fails verification never replaces the one a server may be using.
 * With fix rounds, what PHP refused is dropped (with everything that needs it) and the script tried again.
 */
final class ScriptGenerator
{
    public function __construct(
        private readonly PlanPipeline $pipeline,
        private readonly PreloadVerifier $verifier,
        private readonly PreloadScriptWriter $writer = new PreloadScriptWriter(),
        private readonly ProgressLogger $progress = new NullProgressLogger(),
    ) {
    }

    /** How often a budget may be re-checked with the estimate calibrated to what PHP measured. */
    private const CALIBRATION_ROUNDS = 3;

    public function generate(
        PlanRequest $request,
        PlanOptions $options,
        string $outputPath,
        ?VerifyOptions $verify,
        int $fixRounds = 0,
        bool $strict = false,
        ?SeedStrategy $strategy = null,
    ): GenerateOutcome {
        $safe = $this->pipeline->run($request, $options);
        $estimate = new MemoryEstimate();
        [$result, $selection] = $this->choose($safe, $options, $strategy, $estimate, $request->phpBinary);
        if (null === $verify) {
            $this->writer->write($result->plan, $outputPath);

            return new GenerateOutcome($result, $outputPath, true, null, [], $strict, $selection);
        }

        $rounds = [];
        $calibrations = 0;
        for ($round = 0;; ++$round) {
            $report = $this->writeAndVerify($result, $outputPath, $verify, $strict);
            $budget = $strategy?->budgetBytes();
            if ($report->passed($strict) && null !== $strategy && null !== $budget && $report->preloadMemoryBytes > $budget && $calibrations < self::CALIBRATION_ROUNDS) {
                // Over budget: scale the estimate to what PHP measured and choose again.
                ++$calibrations;
                $estimate = $estimate->calibrated(array_map(static fn ($f): string => $f->path, $result->plan->included), $report->preloadMemoryBytes);
                $this->progress->finish(\sprintf('Preload memory %.1f MB is over the budget: estimate calibrated to %.2f bytes per source byte, choosing again', $report->preloadMemoryBytes / 1048576, $estimate->bytesPerSourceByte));
                [$result, $selection] = $this->choose($safe, $options, $strategy, $estimate, $request->phpBinary);
                continue;
            }
            if ($report->passed($strict) || $round >= $fixRounds) {
                return new GenerateOutcome($result, $outputPath, $report->passed($strict), $report, $rounds, $strict, $selection);
            }
            $drops = $this->dropsFor($report, $result);
            if ([] === $drops) {
                return new GenerateOutcome($result, $outputPath, false, $report, $rounds, $strict, $selection);
            }
            $rounds[] = new FixRound($round + 1, $drops);
            $this->progress->finish(\sprintf('Fix round %d: dropping %d item(s) PHP refused, planning again', $round + 1, \count($drops)));
            $options = $options->withForcedDrops($drops);
            $safe = $this->pipeline->replan($safe, $options, $request->phpBinary);
            [$result, $selection] = $this->choose($safe, $options, $strategy, $estimate, $request->phpBinary);
        }
    }

    /**
     * The plan to write: the safe plan itself, or the part a strategy picks from it.
     *
     * @return array{PlanResult, ?HotSelection}
     */
    private function choose(PlanResult $safe, PlanOptions $options, ?SeedStrategy $strategy, MemoryEstimate $estimate, ?string $phpBinary): array
    {
        if (null === $strategy) {
            $this->progress->finish(\sprintf('Planned %d files to preload, %d left out', \count($safe->plan->included), \count($safe->plan->droppedFiles)));

            return [$safe, null];
        }
        $selection = $strategy->select($safe, $estimate);
        $result = $this->pipeline->replan($safe, $options->withSeeds($selection->files, $strategy->name()), $phpBinary);
        $this->progress->finish(\sprintf(
            'Chose %d of %d recorded files (%.1f%% of loads; with what they link to, %d files, about %s)',
            $selection->chosen,
            $selection->recordedFiles,
            $selection->coverage * 100,
            \count($result->plan->included),
            MemorySize::format($selection->estimatedBytes),
        ));

        return [$result, $selection];
    }

    private function writeAndVerify(PlanResult $result, string $outputPath, VerifyOptions $verify, bool $strict): VerificationReport
    {
        $directory = \dirname($outputPath);
        if (!is_dir($directory)) {
            throw new \RuntimeException(\sprintf('Cannot write %s: directory %s does not exist.', $outputPath, $directory));
        }
        // Same directory as the destination, so that paths relative to __DIR__ resolve the same.
        $candidate = $directory.'/.'.basename($outputPath).'.'.bin2hex(random_bytes(4)).'.php';
        try {
            $this->writer->write($result->plan, $candidate);
            $this->progress->stage('Verifying');
            $report = $this->verifier->verify($candidate, $verify);
            $this->progress->finish(\sprintf('Booted PHP with the script: %d fatal(s), %d warning(s)', $report->fatalCount(), $report->warningCount()));
            if ($report->passed($strict)) {
                if (!@rename($candidate, $outputPath)) {
                    throw new \RuntimeException(\sprintf('Cannot move the verified script into place at %s: check that it is writable.', $outputPath));
                }
            }
        } finally {
            if (is_file($candidate)) {
                @unlink($candidate);
            }
        }

        return $report->withScript(realpath($outputPath) ?: $outputPath, str_replace($candidate, $outputPath, $report->commandLine));
    }

    /**
     * What to leave out next round: every class PHP could not link, and every planned file PHP complained about.
     *
     * @return array<string, string>
     */
    private function dropsFor(VerificationReport $report, PlanResult $result): array
    {
        $drops = [];
        foreach ($report->unlinkedClasses as $class) {
            $drops[strtolower($class->class)] = \sprintf('PHP could not link it at start-up: %s', $class->reason);
        }
        $planned = [];
        foreach ($result->plan->included as $file) {
            $planned[$file->path] = true;
        }
        foreach ($report->messages as $message) {
            if (Severity::Deprecated === $message->severity || Severity::Notice === $message->severity || null === $message->file) {
                continue;
            }
            $file = realpath($message->file) ?: $message->file;
            if (isset($planned[$file]) && [] === array_filter($report->unlinkedClasses, static fn (UnlinkedClass $c): bool => $c->file === $message->file)) {
                $drops[$file] = \sprintf('PHP said at start-up: %s', strtok($message->message, "\n"));
            }
        }

        return $drops;
    }
}
