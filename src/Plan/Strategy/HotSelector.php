<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

use Preheat\Inventory\Inventory;
use Preheat\Plan\PreloadPlan;
use Preheat\Plan\SignatureDependencies;
use Preheat\Plan\SignatureDependency;

/**
 * Chooses what to preload from recorded usage: files ranked by how many sampled requests loaded
 * them (by loads per byte when there is a budget), taken while they are needed for the coverage and
 * above the minimum share, each together with the files it needs to link, as long as the whole stays
 * within the memory budget. Only files the
 * safe plan (every file that can be preloaded safely) keeps are candidates: hot is a subset of all.
 * The automatic budget stops at the knee (HotKnee), each file priced with what it links to.
 */
final class HotSelector
{
    /** @param PreloadPlan $safePlan the paths plan over the same tree */
    public function select(
        UsageSnapshot $usage,
        PreloadPlan $safePlan,
        Inventory $inventory,
        HotCriteria $criteria,
        MemoryEstimate $estimate,
    ): HotSelection {
        $safe = [];
        $providers = [];
        $declarations = [];
        foreach ($safePlan->included as $file) {
            $safe[$file->path] = true;
            foreach ($file->classes as $class) {
                $providers[strtolower($class)] = $file->path;
            }
            foreach ($inventory->file($file->path)?->classLikes() ?? [] as $declaration) {
                $declarations[strtolower($declaration->name)] = $declaration;
            }
        }
        $signatures = new SignatureDependencies($declarations);
        $totalLoads = max(1, array_sum($usage->fileCounts));
        $chosen = [];
        $selected = [];
        $skipped = [];
        $covered = 0;
        $bytes = 0;
        $knee = $criteria->autoBudget ? $this->knee($usage, $safe, $estimate) : null;
        foreach ($this->ranked($usage, $criteria, $estimate) as $path => $count) {
            $path = (string) $path;
            if (isset($selected[$path])) {
                $covered += $count; // already pulled in by a file it links with
                continue;
            }
            $inFloor = true === $knee?->inFloor($path);
            if (!$inFloor && null !== $criteria->coverage && $covered / $totalLoads >= $criteria->coverage) {
                $skipped[$path] = 'beyond the coverage';
                continue;
            }
            if (null !== $criteria->minShare && $usage->share($path) < $criteria->minShare) {
                $skipped[$path] = \sprintf(
                    'loaded by %.1f%% of requests, under the minimum share',
                    $usage->share($path) * 100,
                );
                continue;
            }
            if (!isset($safe[$path])) {
                $dropped = $safePlan->droppedFiles[$path] ?? null;
                $skipped[$path] = match (true) {
                    null === $inventory->file($path) => 'not under the scanned paths',
                    null === $dropped => 'not safe to preload (see preheat explain)',
                    default => \sprintf(
                        'not safe to preload: %s (see preheat explain)',
                        $dropped->exclusion->reason->label(),
                    ),
                };
                continue;
            }
            $closure = array_values(array_filter(
                $this->closure($path, $inventory, $providers, $signatures),
                static fn (string $p): bool => !isset($selected[$p]),
            ));
            $cost = $estimate->ofFiles($closure);
            if (null !== $knee && !$inFloor && !$knee->pays($count, $cost)) {
                $skipped[$path] = \sprintf(
                    'past the knee: %.0f loads per MB with what it links to, under the %.0f of the files every '
                    .'request loads',
                    HotKnee::perMb($count, $cost),
                    $knee->loadsPerMb,
                );
                continue;
            }
            if (null !== $criteria->budgetBytes && $bytes + $cost > $criteria->budgetBytes) {
                $skipped[$path] = \sprintf(
                    'over the budget (needs %s with what it links to)',
                    MemorySize::format($cost),
                );
                continue;
            }
            foreach ($closure as $file) {
                $selected[$file] = true;
            }
            $chosen[] = $path;
            $bytes += $cost;
            $covered += $count;
        }

        return new HotSelection(
            array_keys($selected),
            \count($chosen),
            $covered / $totalLoads,
            $bytes,
            $skipped,
            \count($usage->fileCounts),
            $usage->requests,
            $usage->counts,
            $knee?->loadsPerMb,
        );
    }

    /**
     * The knee over the recorded files the safe plan keeps.
     *
     * @param array<string, true> $safe
     */
    private function knee(UsageSnapshot $usage, array $safe, MemoryEstimate $estimate): HotKnee
    {
        $counts = array_intersect_key($usage->fileCounts, $safe);
        $bytes = [];
        foreach (array_keys($counts) as $path) {
            $bytes[$path] = $estimate->ofFile((string) $path);
        }

        return HotKnee::of($counts, $usage->requests, $bytes);
    }

    /**
     * Most loaded first. Within a budget, by loads per byte: each preloaded file saves the same work
     * per request (finding, including and linking it) whatever its size, while the budget pays by size,
     * and the files every request loads tie on count.
     *
     * @return array<string, int>
     */
    private function ranked(UsageSnapshot $usage, HotCriteria $criteria, MemoryEstimate $estimate): array
    {
        $ranked = $usage->ranked();
        if (null === $criteria->budgetBytes) {
            return $ranked;
        }
        $density = [];
        foreach ($ranked as $path => $count) {
            $density[$path] = $count / max(1, $estimate->ofFile((string) $path));
        }
        uksort(
            $ranked,
            static fn (
                string $a,
                string $b,
            ): int => [$density[$b], $ranked[$b], $a] <=> [$density[$a], $ranked[$a], $b],
        );

        return $ranked;
    }

    /**
     * A file and, transitively, the files declaring what its classes need to link (including the classes
     * PHP loads to check their method signatures: the planner keeps those together too).
     *
     * @param array<string, string> $providers lower-case class => file, within the safe plan
     *
     * @return list<string>
     */
    private function closure(
        string $path,
        Inventory $inventory,
        array $providers,
        SignatureDependencies $signatures,
    ): array {
        $seen = [$path => true];
        $queue = [$path];
        while ([] !== $queue) {
            $file = $inventory->file(array_pop($queue));
            foreach ($file?->linkedClasses() ?? [] as $declaration) {
                $signatureClasses = array_map(
                    static fn (SignatureDependency $d): string => $d->class,
                    $signatures->of($declaration),
                );
                foreach ([...$declaration->linkDependencies(), ...$signatureClasses] as $dependency) {
                    $provider = $providers[strtolower($dependency)] ?? null;
                    if (null !== $provider && !isset($seen[$provider])) {
                        $seen[$provider] = true;
                        $queue[] = $provider;
                    }
                }
            }
        }

        return array_keys($seen);
    }
}
