<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PreloadPlan;
use Preheat\Progress\Line;
use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressLogger;
use Preheat\Progress\Timings;
use Preheat\Script\Write\PreloadScriptWriter;
use Preheat\Script\Write\ScriptManifest;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;

/**
 * Finds the verified run a `generate` may take its verification from instead of booting PHP: this script's last
 * run (the same ReuseKey, the script on disk as it wrote it), or a run on the same files at another root (the
 * same ReleaseKey: a deploy's new release). Either way the script planned again with the run's constraints must
 * be byte for byte the one it verified.
 */
final class LastVerification
{
    public function __construct(
        private readonly PlanPipeline $pipeline,
        private readonly PreloadScriptWriter $writer,
        private readonly ProgressLogger $progress,
        private readonly Timings $timings,
    ) {
    }

    /**
     * The last run of this script, when nothing it depends on changed: the same key, and the script planned with
     * the recorded constraints is byte for byte the one on disk, which the record verified.
     *
     * @return array{GenerateSession, ReuseRecord}|null
     */
    public function unchanged(GenerateRequest $request, ReuseStore $store, string $key): ?array
    {
        $record = $store->read($request->outputPath);
        $rejected = $store->rejected();
        if (null !== $rejected) {
            $this->progress->finish(new Line(
                \sprintf(
                    'Ignored the reuse record %s: it is not one this version wrote (damaged, or not ours)',
                    $rejected,
                ),
                Outcome::Warning,
            ));
        }
        if (null === $record || $record->key !== $key) {
            return null;
        }
        try {
            $onDisk = BoundedRead::file($request->outputPath, ScriptManifest::MAX_SCRIPT_BYTES);
        } catch (BoundedReadError) {
            return null;
        }
        if (hash('sha256', $onDisk) !== $record->scriptSha256) {
            return null;
        }
        // The key holds what the plan depends on: the plan recorded is the one planning would give.
        try {
            $plan = $record->plan?->plan();
        } catch (\UnexpectedValueException) {
            $plan = null; // planned again: the script on disk is compared with that plan's
        }
        $session = $this->resume($request, $record, $plan);
        // The key holds every scanned file's size and mtime: the files' contents are the ones the script stamps.
        $sources = ScriptManifest::fromScript($onDisk)?->sources;
        $rendered = null === $sources
            ? null
            : $this->writer->render($session->result()->plan, $request->outputPath, $sources);

        return $rendered === $onDisk ? [$session, $record] : null;
    }

    /**
     * The run on the same files at another root (or at this one: its own last run, when the script is not on disk
     * as it wrote it), with the same options, PHP and ini: the same ReleaseKey. Its record comes with this root put
     * for its own in every path; the script planned here with its constraints must be the one it verified (paths
     * in the project are relative to __DIR__, so a release's script has the same bytes).
     *
     * @param array{string, string} $release the project root and the ReleaseKey
     *
     * @return array{GenerateSession, ReuseRecord}|null
     */
    public function ofRelease(GenerateRequest $request, ReuseStore $store, array $release): ?array
    {
        [$root, $releaseKey] = $release;
        $record = $store->readRelease($releaseKey, $root);
        if (null === $record || $record->key !== $releaseKey) {
            return null;
        }
        $session = $this->resume($request, $record);
        $rendered = $this->writer->render($session->result()->plan, $request->outputPath);

        return hash('sha256', $rendered) === $record->scriptSha256 ? [$session, $record] : null;
    }

    private function resume(GenerateRequest $request, ReuseRecord $record, ?PreloadPlan $plan = null): GenerateSession
    {
        return GenerateSession::resume(
            $this->pipeline,
            $request->plan,
            $request->options,
            $request->strategy,
            $record->constraints,
            $this->progress,
            $this->timings,
            $plan,
        );
    }
}
