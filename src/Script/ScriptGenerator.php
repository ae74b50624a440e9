<?php

declare(strict_types=1);

namespace Preheat\Script;

use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\PlanResult;
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

    public function generate(
        PlanRequest $request,
        PlanOptions $options,
        string $outputPath,
        ?VerifyOptions $verify,
        int $fixRounds = 0,
        bool $strict = false,
    ): GenerateOutcome {
        $result = $this->pipeline->run($request, $options);
        $this->progress->finish(\sprintf('Planned %d files to preload, %d left out', \count($result->plan->included), \count($result->plan->droppedFiles)));
        if (null === $verify) {
            $this->writer->write($result->plan, $outputPath);

            return new GenerateOutcome($result, $outputPath, true, null, [], $strict);
        }

        $rounds = [];
        for ($round = 0;; ++$round) {
            $report = $this->writeAndVerify($result, $outputPath, $verify, $strict);
            if ($report->passed($strict) || $round >= $fixRounds) {
                return new GenerateOutcome($result, $outputPath, $report->passed($strict), $report, $rounds, $strict);
            }
            $drops = $this->dropsFor($report, $result);
            if ([] === $drops) {
                return new GenerateOutcome($result, $outputPath, false, $report, $rounds, $strict);
            }
            $rounds[] = new FixRound($round + 1, $drops);
            $this->progress->finish(\sprintf('Fix round %d: dropping %d item(s) PHP refused, planning again', $round + 1, \count($drops)));
            $options = $options->withForcedDrops($drops);
            $result = $this->pipeline->replan($result, $options, $request->phpBinary);
        }
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
