<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanResult;
use Preheat\Plan\Strategy\MemorySize;
use Preheat\Process\InterruptGuard;
use Preheat\Progress\Line;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressLogger;
use Preheat\Progress\Timings;
use Preheat\Script\Verify\LimitEstimate;
use Preheat\Script\Verify\PreloadUserAccess;
use Preheat\Script\Verify\PreloadVerifier;
use Preheat\Script\Verify\VerificationReport;
use Preheat\Script\Verify\VerifyOptions;
use Preheat\Script\Write\PreloadScriptWriter;
use Preheat\Script\Write\ScriptDestination;
use Preheat\Script\Write\ScriptManifest;
use Preheat\Script\Write\ScriptWriteError;
use Preheat\Util\AtomicFile;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;
use Preheat\Util\CycleCollection;
use Preheat\Util\FileHashes;

/**
 * Plans (a GenerateSession), writes the script next to its destination, verifies it, and only then moves it
 * into place: a script that fails verification never replaces the one a server may be using. After each
 * verification the RoundPolicy decides what the next round adds to the session (a fix round's forced drops,
 * a capacity fit, a budget calibration) or that it stops.
 */
final class ScriptGenerator
{
    /** The script the last round moved into place; null when it moved none. */
    private ?string $installed = null;

    private readonly PreloadUserCheck $preloadUser;

    private readonly LastVerification $lastVerification;

    public function __construct(
        private readonly PlanPipeline $pipeline,
        private readonly PreloadVerifier $verifier,
        private readonly PreloadScriptWriter $writer = new PreloadScriptWriter(),
        private readonly ProgressLogger $progress = new NullProgressLogger(),
        PreloadUserAccess $access = new PreloadUserAccess(),
        private readonly Timings $timings = new Timings(),
    ) {
        $this->preloadUser = new PreloadUserCheck($access, $progress, $timings);
        $this->lastVerification = new LastVerification($pipeline, $writer, $progress, $timings);
    }

    public function generate(GenerateRequest $request): GenerateOutcome
    {
        // Planning a large app again and again keeps its whole inventory alive: see CycleCollection.
        return CycleCollection::paused(fn (): GenerateOutcome => $this->generateRounds($request));
    }

    private function generateRounds(GenerateRequest $request): GenerateOutcome
    {
        $this->installed = null;
        $store = $request->reuse->store;
        $key = null;
        /** @var array{string, string}|null $release the project root and the ReleaseKey */
        $release = null;
        if (null !== $store && null !== $request->verify) {
            // The key is the scan's (and the options', PHP's and its ini's): known before anything is planned, so
            // that a script kept as it is costs one plan, the one that renders it.
            $scanned = $this->pipeline->scanned($request->plan);
            $php = $request->verify->php;
            $key = $this->timings->span(
                'reuse key (tree, options, PHP and ini)',
                static fn (): string => ReuseKey::of(
                    $scanned->project->root,
                    $scanned->scan->selection->files ?? [],
                    $scanned->scan->selection->context ?? [],
                    $request->fingerprint(),
                    $php,
                    $request->outputPath,
                    $scanned->project->vendorDir,
                ),
            );
            $reused = $request->reuse->reverify ? null : $this->timings->span(
                'reuse the last verification',
                fn (): ?GenerateOutcome => $this->reuse($request, $store, $key),
            );
            if (null !== $reused) {
                return $reused;
            }
            // Not this script's last run: that of the same files at another root (a release before this one)?
            $root = $scanned->project->root;
            // The bytes' hashes of the last run, for the files it saw as they are now: none of those is read again.
            $hashes = null === $request->plan->cacheFile ? null : FileHashes::fileBeside($request->plan->cacheFile);
            $release = $this->timings->span(
                'release key (every file by its bytes)',
                static function () use ($root, $scanned, $request, $php, $hashes): array {
                    if (null !== $hashes) {
                        FileHashes::load($hashes);
                    }
                    $files = $scanned->scan->selection->files ?? [];
                    $context = $scanned->scan->selection->context ?? [];
                    $key = ReleaseKey::of(
                        $root,
                        $files,
                        $context,
                        $request->releaseFingerprint(),
                        $php,
                        $request->outputPath,
                        $scanned->project->vendorDir,
                    );
                    if (null !== $hashes) {
                        FileHashes::save($hashes, [...$files, ...$context]);
                    }

                    return [$root, $key];
                },
            );
            $reused = $request->reuse->reverify ? null : $this->timings->span(
                'reuse the verification of the same files',
                fn (): ?GenerateOutcome => $this->reuseRelease($request, $store, $key, $release),
            );
            if (null !== $reused) {
                return $reused;
            }
        }
        $session = GenerateSession::start(
            $this->pipeline,
            $request->plan,
            $request->options,
            $request->strategy,
            $this->progress,
            $this->timings,
        );
        if (null === $request->verify) {
            $this->write($session->result(), $request->outputPath);

            return $session->outcome($request->outputPath, true, null, $request->strict);
        }
        $this->preloadUser->check($request->verify, $session, $request->outputPath);

        $policy = new RoundPolicy($request->fixRounds, $request->strict, $request->fit, timings: $this->timings);
        // What each verification is for, named in the timing table.
        $purpose = 'verification';
        /** @var list<Constraint> $constraints what the rounds added, in order, for the reuse record */
        $constraints = [];
        $estimated = $policy->beforeBoot($session, $request->verify->php->settings);
        if (null !== $estimated) {
            $constraints[] = $estimated;
            $session->add($estimated);
            $purpose = $estimated->purpose();
        }
        while (true) {
            // Fitting needs what the preload takes of OPcache's buffers: measured in the same boot that verifies.
            // The script is this run's own, which lifts memory_limit for the preload: booted with the C library's
            // allocator, about twice as fast on a large app (see VerifyOptions::withSystemAllocator()).
            $verify = $request->verify->expecting(\count($session->result()->plan->included))
                ->measuringCapacity($request->fit)
                ->withSystemAllocator();
            $verified = $this->writeAndVerify(
                $purpose,
                $session,
                $request->outputPath,
                $verify,
                $policy,
                $request->strict,
            );
            $report = $verified->report;
            $next = $verified->next;
            if (null !== $next->stalled) {
                $this->progress->finish(\sprintf(
                    'Fix round %d would drop only what earlier rounds dropped (%d item(s)): stopping',
                    $next->stalled->round,
                    \count($next->stalled->drops),
                ));
            }
            $round = $next->adds;
            if (null === $round) {
                return $this->remembered($store, $key, $release, $constraints, $session->outcome(
                    $request->outputPath,
                    $report->passed($request->strict),
                    $report,
                    $request->strict,
                    $request->fixRounds,
                    $next->stalled?->round,
                ));
            }
            $constraints[] = $round;
            $booted = $session->result();
            $session->add($round);
            $purpose = $round->purpose();
            $fitted = $round instanceof FitRound
                ? $this->timings->span(
                    'capacity fit',
                    static fn (): ?VerificationReport => $policy->fittedReport($report, $booted, $session, $round),
                )
                : null;
            if (null !== $fitted) {
                return $this->remembered(
                    $store,
                    $key,
                    $release,
                    $constraints,
                    $this->installUnbooted($session, $request, $fitted),
                );
            }
        }
    }

    /**
     * The run's outcome, remembered for the next run when a key was made.
     *
     * @param array{string, string}|null $release     the project root and the ReleaseKey
     * @param list<Constraint>           $constraints
     */
    private function remembered(
        ?ReuseStore $store,
        ?string $key,
        ?array $release,
        array $constraints,
        GenerateOutcome $outcome,
    ): GenerateOutcome {
        if (null !== $store && null !== $key) {
            $this->timings->span(
                'remember the verification for the next run',
                fn () => $this->remember($store, $key, $release, $outcome, $constraints),
            );
        }

        return $outcome;
    }

    /**
     * What the boot told of every kept file holds for the fitted script ($fitted, RoundPolicy::fittedReport()): it is
     * written next to the destination and moved into place without booting again.
     */
    private function installUnbooted(
        GenerateSession $session,
        GenerateRequest $request,
        VerificationReport $fitted,
    ): GenerateOutcome {
        $outputPath = $request->outputPath;
        $this->withCandidate($outputPath, function (string $candidate) use ($session, $outputPath): void {
            $script = $this->write($session->result(), $candidate, $outputPath);
            $this->install($candidate, $outputPath, $script, 'cannot move the fitted script into place');
        });
        $this->progress->finish(\sprintf(
            'Not booted again: the boot preloaded all %d kept files, and at most %s fits',
            \count($session->plannedPaths()),
            implode(', ', array_map(
                static fn (LimitEstimate $l): string => \sprintf(
                    '%s of %s left for the preload by %s',
                    MemorySize::format($l->atMostBytes),
                    MemorySize::format($l->roomBytes),
                    $l->setting,
                ),
                $fitted->unbootedFit->limits ?? [],
            )),
        ));

        return $session->outcome($outputPath, true, $fitted, $request->strict, $request->fixRounds);
    }

    /**
     * Runs $work with a candidate path next to the destination (same directory, so that paths relative to __DIR__
     * resolve the same), and removes whatever is left there afterwards, also when the run is interrupted (a
     * verification can take minutes, and the next scan would find it).
     *
     * @template T
     *
     * @param \Closure(string): T $work
     *
     * @return T
     */
    private function withCandidate(string $outputPath, \Closure $work): mixed
    {
        ScriptDestination::check($outputPath);
        $candidate = \dirname($outputPath).'/.'.basename($outputPath).'.'.bin2hex(random_bytes(4)).'.php';
        InterruptGuard::instance()->removeOnExit($candidate);
        try {
            return $work($candidate);
        } finally {
            if (is_file($candidate)) {
                @unlink($candidate);
            }
            InterruptGuard::instance()->forgetPath($candidate);
        }
    }

    private function install(string $candidate, string $outputPath, string $script, string $why): void
    {
        // The same bytes as the destination's (a run whose reuse key changed, not its script): the file stays as it
        // is, with its mtime, which `preheat status` compares with php-fpm's start. withCandidate() removes the rest.
        if (AtomicFile::holds($outputPath, $script, AtomicFile::READABLE)) {
            $this->installed = $script;

            return;
        }
        if (!@rename($candidate, $outputPath)) {
            throw ScriptWriteError::notWritable($outputPath, $why);
        }
        $this->installed = $script;
    }

    /**
     * The last run's outcome, when nothing it depends on changed (LastVerification::unchanged()): the script on
     * disk is kept. Null when anything differs: then the run plans and verifies as always.
     */
    private function reuse(GenerateRequest $request, ReuseStore $store, string $key): ?GenerateOutcome
    {
        $found = $this->lastVerification->unchanged($request, $store, $key);
        if (null === $found || null === $request->verify) {
            return null;
        }
        [$session, $record] = $found;
        $this->preloadUser->check($request->verify, $session, $request->outputPath);
        $this->progress->finish(\sprintf(
            'Reused the last verification of %s: script, tree, options, PHP and ini unchanged',
            $request->outputPath,
        ));

        return $session->outcome(
            $request->outputPath,
            true,
            $record->report,
            $request->strict,
            $request->fixRounds,
            $record->stalledFixRound,
            true,
        );
    }

    /**
     * The verification of the same files at another root (LastVerification::ofRelease()): the script is
     * installed, and the report is that run's with this root in its paths, remembered for this path's next run.
     *
     * @param array{string, string} $release the project root and the ReleaseKey
     */
    private function reuseRelease(
        GenerateRequest $request,
        ReuseStore $store,
        string $key,
        array $release,
    ): ?GenerateOutcome {
        $found = $this->lastVerification->ofRelease($request, $store, $release);
        if (null === $found || null === $request->verify) {
            return null;
        }
        [$session, $record] = $found;
        $outputPath = $request->outputPath;
        $this->preloadUser->check($request->verify, $session, $outputPath);
        $this->withCandidate($outputPath, function (string $candidate) use ($session, $outputPath): void {
            $script = $this->write($session->result(), $candidate, $outputPath);
            $this->install($candidate, $outputPath, $script, 'cannot move the script into place');
        });
        $this->progress->finish(
            'Reused the verification of the same files at another path (an earlier release): files, options, '
            .'PHP and ini the same',
        );
        $outcome = $session->outcome(
            $outputPath,
            true,
            $record->report,
            $request->strict,
            $request->fixRounds,
            $record->stalledFixRound,
            true,
            true,
        );

        return $this->remembered($store, $key, $release, $record->constraints, $outcome);
    }

    /**
     * Records a run that installed its script, for the next run to reuse; forgets the record otherwise (the
     * script on disk may then be another).
     *
     * @param array{string, string}|null $release     the project root and the ReleaseKey
     * @param list<Constraint>           $constraints
     */
    private function remember(
        ReuseStore $store,
        string $key,
        ?array $release,
        GenerateOutcome $outcome,
        array $constraints,
    ): void {
        try {
            $installed = BoundedRead::file($outcome->outputPath, ScriptManifest::MAX_SCRIPT_BYTES);
        } catch (BoundedReadError) {
            $installed = false;
        }
        // The last round's script, as it was moved into place and is still: what the report is about.
        if (
            !$outcome->succeeded()
            || null === $outcome->verification
            || false === $installed
            || $this->installed !== $installed
        ) {
            $store->forget($outcome->outputPath);

            return;
        }
        $record = static fn (string $key, ?RecordedPlan $plan): ReuseRecord => new ReuseRecord(
            $key,
            hash('sha256', $installed),
            $constraints,
            $outcome->verification,
            $outcome->fixing->stalledRound,
            $release[0] ?? null,
            $plan,
        );
        $store->write($outcome->outputPath, $record($key, RecordedPlan::of($outcome->planResult->plan)));
        if (null !== $release) {
            $store->writeRelease($release[1], $record($release[1], null));
        }
    }

    /**
     * Writes the session's plan next to the destination, boots PHP with it, and asks the policy what next;
     * the script replaces the destination only when it passed and the policy does not fit it further.
     */
    private function writeAndVerify(
        string $purpose,
        GenerateSession $session,
        string $outputPath,
        VerifyOptions $verify,
        RoundPolicy $policy,
        bool $strict,
    ): VerifiedRound {
        [$report, $next, $candidate] = $this->withCandidate($outputPath, function (string $candidate) use (
            $purpose,
            $session,
            $outputPath,
            $verify,
            $policy,
            $strict,
        ): array {
            // Written for the candidate's path, in the destination's directory: the same bytes as for the destination.
            $script = $this->write($session->result(), $candidate, $outputPath);
            $this->progress->stage('Verifying');
            $report = $this->timings->span(
                $purpose,
                fn (): VerificationReport => $this->verifier->verify($candidate, $verify),
            );
            // A failed boot is never shown with the success mark.
            $this->progress->finish(new Line(
                \sprintf(
                    'Booted PHP with the script: %d fatal(s), %d warning(s)',
                    $report->fatalCount(),
                    $report->warningCount(),
                ),
                match (true) {
                    !$report->passed($strict) => Outcome::Failed,
                    $report->warningCount() > 0 => Outcome::Warning,
                    default => Outcome::Done,
                },
            ));
            $next = $policy->next($report, $session);
            $this->installed = null;
            if ($next->installs($report, $strict)) {
                $this->install($candidate, $outputPath, $script, 'cannot move the verified script into place');
            }

            return [$report, $next, $candidate];
        });

        return new VerifiedRound($report->withScript(
            realpath($outputPath) ?: $outputPath,
            str_replace($candidate, $outputPath, $report->boot->commandLine),
        ), $next);
    }

    /** Writes the plan's script, turning a failure into a message about the destination, not a temporary file. */
    private function write(PlanResult $result, string $path, ?string $destination = null): string
    {
        ScriptDestination::check($destination ?? $path);
        try {
            return $this->timings->span(
                'write the script',
                fn (): string => $this->writer->write($result->plan, $path),
            );
        } catch (\RuntimeException) {
            // Name the destination: the temporary file the writer tried means nothing to the user.
            throw ScriptWriteError::notWritable($destination ?? $path, 'creating a file there failed');
        }
    }
}
