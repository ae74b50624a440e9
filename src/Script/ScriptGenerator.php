<?php

declare(strict_types=1);

namespace Preheat\Script;

use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanResult;
use Preheat\Plan\Strategy\HotSelection;
use Preheat\Plan\Strategy\MemoryEstimate;
use Preheat\Plan\Strategy\MemorySize;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Process\InterruptGuard;
use Preheat\Progress\Line;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressLogger;
use Preheat\Progress\Timings;

/**
 * Plans, writes the script next to its destination, verifies it, and only then moves it into place:
 * a script that fails verification never replaces the one a server may be using.
 * With fix rounds (the default), what PHP refused is dropped (with everything that needs it) and the script
 * tried again; with a memory budget, the estimate is calibrated to what PHP measured and the files chosen again.
 * When the plan does not fit the php.ini's interned-string buffer or OPcache memory, the part that fits is chosen
 * (CapacityFitter) and verified again, so that the script written starts without those warnings.
 */
final class ScriptGenerator
{
    public function __construct(
        private readonly PlanPipeline $pipeline,
        private readonly PreloadVerifier $verifier,
        private readonly PreloadScriptWriter $writer = new PreloadScriptWriter(),
        private readonly ProgressLogger $progress = new NullProgressLogger(),
        private readonly PreloadUserAccess $access = new PreloadUserAccess(),
        private readonly Timings $timings = new Timings(),
    ) {
    }

    /** How often a budget may be re-checked with the estimate calibrated to what PHP measured. */
    private const CALIBRATION_ROUNDS = 3;

    /** How often the plan may be fitted to the php.ini's OPcache sizes and verified again. */
    private const CAPACITY_ROUNDS = 3;

    public function generate(GenerateRequest $request): GenerateOutcome
    {
        $options = $request->options;
        $strategy = $request->strategy;
        $phpBinary = $request->plan->phpBinary;
        if (null !== $strategy) {
            // Files the recorded requests only ever required may stay in despite side effects (RequireLoadedRule).
            $options = $options->withRequireEvidence($strategy->requireEvidence());
        }
        $safe = $this->pipeline->run($request->plan, $options);
        $estimate = new MemoryEstimate();
        [$result, $selection] = $this->choose($safe, $options, $strategy, $estimate, $phpBinary);
        if (null === $request->verify) {
            $this->write($result, $request->outputPath);

            return new GenerateOutcome($result, $request->outputPath, true, null, [], $request->strict, $selection);
        }

        // As root PHP preloads as the pool's user: a file that user cannot read fails every boot the same way,
        // and no fix round can help. Said first, with its fix, before any PHP starts.
        $preloadUser = $request->verify->php->preloadUser();
        if (null !== $preloadUser) {
            $this->timings->span('check the preload user can read the files', fn () => $this->access->check(
                $preloadUser,
                $request->verify->php->preloadUserSource(),
                array_map(static fn ($f): string => $f->path, $result->plan->included),
                [\dirname($request->outputPath)],
            ));
        }

        // Fix rounds, budget calibrations and capacity fits are counted apart: each has its own bound, and none uses up another.
        $rounds = [];
        $calibrations = [];
        $fits = [];
        /** @var array{list<string>, array<string, \Preheat\Plan\Exclusion>}|null $fitted the files kept to fit the php.ini, and why the others are out */
        $fitted = null;
        $fitter = new CapacityFitter();
        // What each verification is for, named in the timing table.
        $purpose = 'verification';
        while (true) {
            $verify = $request->verify->expecting(\count($result->plan->included));
            $overflows = [];
            $report = $this->writeAndVerify($purpose, $result, $request->outputPath, $verify, $request->strict, static function (VerificationReport $report) use ($request, $fitter, $result, &$fits, &$overflows): bool {
                $overflows = $request->fit && \count($fits) < self::CAPACITY_ROUNDS ? $fitter->overflows($report, $result) : [];

                return [] === $overflows;
            });
            if ([] !== $overflows) {
                // By reference: the fit appends its round to $fits.
                $fitted = $this->timings->span('capacity fit', function () use ($fitter, $overflows, $result, $fitted, $selection, $report, &$fits): array {
                    return $this->fitToCapacity($fitter, $overflows, $result, $fitted, $selection, $report, $fits);
                });
                $result = $this->pipeline->replan($safe, $this->fittedOptions($options, $strategy, $fitted), $phpBinary);
                $purpose = \sprintf('verification after capacity fit %d', \count($fits));
                continue;
            }
            $budget = $strategy?->budgetBytes();
            if ($report->passed($request->strict) && null !== $budget && $report->preloadMemoryBytes > $budget && \count($calibrations) < self::CALIBRATION_ROUNDS) {
                // Over budget: scale the estimate to what PHP measured and choose again.
                $estimate = $estimate->calibrated(array_map(static fn ($f): string => $f->path, $result->plan->included), $report->preloadMemoryBytes);
                $calibrations[] = new CalibrationRound(\count($calibrations) + 1, $report->preloadMemoryBytes, $budget, $estimate->bytesPerSourceByte);
                $this->progress->finish(\sprintf('Preload memory %.1f MB is over the budget: estimate calibrated to %.2f bytes per source byte, choosing again', $report->preloadMemoryBytes / 1048576, $estimate->bytesPerSourceByte));
                [$result, $selection] = $this->choose($safe, $options, $strategy, $estimate, $phpBinary);
                $result = $this->refit($result, $safe, $options, $strategy, $fitted, $phpBinary);
                $purpose = \sprintf('verification after budget calibration %d', \count($calibrations));
                continue;
            }
            // Fix rounds go on while PHP warns too (a class it could not link): a passing script may still warn at every start.
            $drops = $report->clean() || \count($rounds) >= $request->fixRounds ? [] : $this->dropsFor($report, $result);
            $round = new FixRound(\count($rounds) + 1, $drops);
            // A round that would drop only what earlier rounds dropped changes nothing: PHP refuses them
            // again for a reason dropping cannot fix (a file it cannot read, a setting), so stop here.
            $stalled = [] !== $drops && [] === array_diff_key($round->forcedDrops(), $options->forcedDrops) ? $round->round : null;
            if (null !== $stalled) {
                $this->progress->finish(\sprintf('Fix round %d would drop only what earlier rounds dropped (%d item(s)): stopping', $stalled, \count($drops)));
            }
            if ([] === $drops || null !== $stalled) {
                return new GenerateOutcome($result, $request->outputPath, $report->passed($request->strict), $report, $rounds, $request->strict, $selection, $calibrations, $request->fixRounds, $fits, $stalled);
            }
            $rounds[] = $round;
            $this->progress->finish(\sprintf('Fix round %d: dropping %d item(s) PHP refused, planning again', $round->round, \count($drops)));
            $options = $options->withForcedDrops($round->forcedDrops());
            $safe = $this->pipeline->replan($safe, $options, $phpBinary);
            [$result, $selection] = $this->choose($safe, $options, $strategy, $estimate, $phpBinary);
            $result = $this->refit($result, $safe, $options, $strategy, $fitted, $phpBinary);
            $purpose = \sprintf('verification after fix round %d', $round->round);
        }
    }

    /**
     * The files to keep so that the plan fits what overflowed, never more than the last fit kept.
     *
     * @param list<array{Finding, int}>                                        $overflows
     * @param array{list<string>, array<string, \Preheat\Plan\Exclusion>}|null $previous
     * @param list<CapacityRound>                                              $fits
     *
     * @return array{list<string>, array<string, \Preheat\Plan\Exclusion>}
     */
    private function fitToCapacity(CapacityFitter $fitter, array $overflows, PlanResult $result, ?array $previous, ?HotSelection $selection, VerificationReport $report, array &$fits): array
    {
        $settings = $report->php->settings;
        $ini = $settings->iniFile ?? 'php.ini';
        $planned = null === $previous ? \count($result->plan->included) : $fits[0]->plannedFiles;
        $capacity = min(\PHP_INT_MAX, ...array_map(static fn (array $o): int => $o[1], $overflows));
        $first = $overflows[0][0];
        $value = ([] === $fits ? null : $fits[0]->neededValue) ?? $first->value;
        $why = \sprintf(
            'left out so that the preload fits %s=%s in %s%s',
            $first->setting,
            $settings->value((string) $first->setting) ?? '?',
            $ini,
            null === $value ? '' : \sprintf(' (%s=%s fits every planned file)', $first->setting, $value),
        );
        $kept = $fitter->fit($result, $capacity, $selection->files ?? [], $why);
        // What a fitted plan left out stays out: a later round only takes away. Files the plan left out keep
        // their own reason: planned from seeds, they would otherwise all read as not chosen.
        $kept[1] = [...self::exclusionsOf($result), ...($previous[1] ?? []), ...$kept[1]];
        foreach ($overflows as [$finding]) {
            $setting = (string) $finding->setting;
            $earlier = array_values(array_filter($fits, static fn (CapacityRound $r): bool => $r->setting === $setting));
            $fits[] = new CapacityRound(\count($fits) + 1, $setting, $settings->value($setting) ?? '?', $earlier[0]->neededValue ?? $finding->value, $planned, \count($kept[0]));
        }
        $this->progress->finish(\sprintf('Fitting to %s: keeping %d of %d planned files, verifying again', implode(', ', array_map(static fn (array $o): string => $o[0]->setting.'='.($settings->value((string) $o[0]->setting) ?? '?'), $overflows)), \count($kept[0]), $planned));

        return $kept;
    }

    /** @return array<string, \Preheat\Plan\Exclusion> why each file the plan leaves out is out */
    public static function exclusionsOf(PlanResult $result): array
    {
        $exclusions = [];
        foreach ($result->plan->droppedFiles as $file) {
            $exclusions[$file->path] = $file->exclusion;
        }

        return $exclusions;
    }

    /**
     * @param array{list<string>, array<string, \Preheat\Plan\Exclusion>} $fitted
     */
    private function fittedOptions(PlanOptions $options, ?SeedStrategy $strategy, array $fitted): PlanOptions
    {
        return $options->withSeeds($fitted[0], $strategy?->name() ?? 'paths', $fitted[1]);
    }

    /**
     * A plan chosen again (after a fix round or a calibration) keeps to the fit: only the kept files it still has.
     *
     * @param array{list<string>, array<string, \Preheat\Plan\Exclusion>}|null $fitted
     */
    private function refit(PlanResult $result, PlanResult $safe, PlanOptions $options, ?SeedStrategy $strategy, ?array $fitted, ?string $phpBinary): PlanResult
    {
        if (null === $fitted) {
            return $result;
        }
        $kept = array_values(array_filter($fitted[0], static fn (string $path): bool => $result->plan->includes($path)));

        return $this->pipeline->replan($safe, $this->fittedOptions($options, $strategy, [$kept, $fitted[1]]), $phpBinary);
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
        $selection = $this->timings->span('strategy selection', static fn (): HotSelection => $strategy->select($safe, $estimate));
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

    /** @param \Closure(VerificationReport): bool $accept whether a script that passed may replace the destination */
    private function writeAndVerify(string $purpose, PlanResult $result, string $outputPath, VerifyOptions $verify, bool $strict, \Closure $accept): VerificationReport
    {
        $this->checkDirectory($outputPath);
        // Same directory as the destination, so that paths relative to __DIR__ resolve the same.
        $candidate = \dirname($outputPath).'/.'.basename($outputPath).'.'.bin2hex(random_bytes(4)).'.php';
        // Interrupted while verifying (it can take minutes), the run removes it: the next scan would find it.
        InterruptGuard::instance()->removeOnExit($candidate);
        try {
            $this->write($result, $candidate, $outputPath);
            $this->progress->stage('Verifying');
            $report = $this->timings->span($purpose, fn (): VerificationReport => $this->verifier->verify($candidate, $verify));
            $this->progress->finish(new Line(
                \sprintf('Booted PHP with the script: %d fatal(s), %d warning(s)', $report->fatalCount(), $report->warningCount()),
                match (true) {
                    !$report->passed($strict) => Outcome::Failed,
                    $report->warningCount() > 0 => Outcome::Warning,
                    default => Outcome::Done,
                },
            ));
            if ($accept($report) && $report->passed($strict)) {
                if (!@rename($candidate, $outputPath)) {
                    throw ScriptWriteError::notWritable($outputPath, 'cannot move the verified script into place');
                }
            }
        } finally {
            if (is_file($candidate)) {
                @unlink($candidate);
            }
            InterruptGuard::instance()->forgetPath($candidate);
        }

        return $report->withScript(realpath($outputPath) ?: $outputPath, str_replace($candidate, $outputPath, $report->commandLine));
    }

    private function checkDirectory(string $outputPath): void
    {
        if (is_dir($outputPath)) {
            // A script cannot replace a directory: saying the user cannot create files there would be false.
            throw ScriptWriteError::isDirectory($outputPath);
        }
        if (!is_dir(\dirname($outputPath))) {
            throw ScriptWriteError::directoryMissing($outputPath);
        }
        if (!is_writable(\dirname($outputPath))) {
            throw ScriptWriteError::notWritable($outputPath, 'no write permission');
        }
    }

    /** Writes the plan's script, turning a failure into a message about the destination, not a temporary file. */
    private function write(PlanResult $result, string $path, ?string $destination = null): void
    {
        $this->checkDirectory($destination ?? $path);
        try {
            $this->timings->span('write the script', fn () => $this->writer->write($result->plan, $path));
        } catch (\RuntimeException) {
            // Name the destination: the temporary file the writer tried means nothing to the user.
            throw ScriptWriteError::notWritable($destination ?? $path, 'creating a file there failed');
        }
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
            $drops[$class->class] = \sprintf('PHP could not link it at start-up: %s', $class->reason);
        }
        $planned = [];
        foreach ($result->plan->included as $file) {
            $planned[$file->path] = true;
        }
        foreach ($report->messages as $message) {
            if (Severity::Deprecated === $message->severity || Severity::Notice === $message->severity || null === $message->file) {
                continue;
            }
            // Memory is a setting of the whole preload: dropping the file that happened to hit the limit fixes nothing.
            if (StartupChecks::isMemoryExhausted($message) || StartupChecks::isInternedOverflow($message)) {
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
