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
 *
 * The automatic budget stops at the knee: the floor (the files loaded as often as the front controller, that
 * is by every request) is always taken, and sets the price of preload memory, the fewest loads per MB any of
 * its files brings; past it, a file is taken only while it brings at least that many loads per MB of what it
 * adds (itself and what it links to). In the ranking by loads per byte, the first file under the price is the
 * knee, and every file after it brings less.
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
        $floor = $criteria->autoBudget ? $this->floor($usage, $safe) : [];
        $price = $this->price($floor, $estimate);
        foreach ($this->ranked($usage, $criteria, $estimate) as $path => $count) {
            $path = (string) $path;
            if (isset($selected[$path])) {
                $covered += $count; // already pulled in by a file it links with
                continue;
            }
            $inFloor = isset($floor[$path]);
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
            if (!$inFloor && null !== $price && $count / max(1, $cost) * 1048576 < $price) {
                $skipped[$path] = \sprintf(
                    'past the knee: %.0f loads per MB with what it links to, under the %.0f of the files every '
                    .'request loads',
                    $count / max(1, $cost) * 1048576,
                    $price,
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
            $price,
        );
    }

    /**
     * The files loaded as often as the front controller: by every request (php-fpm's hit counts: as often as the
     * busiest script, which stands for the requests). Among the safe files, so that a front controller outside
     * the scanned paths leaves the busiest safe files as the floor.
     *
     * @param array<string, true> $safe
     *
     * @return array<string, int> path => its count
     */
    private function floor(UsageSnapshot $usage, array $safe): array
    {
        $counts = array_intersect_key($usage->fileCounts, $safe);
        if ([] === $counts) {
            return [];
        }
        $every = min($usage->requests, max($counts));

        return array_filter($counts, static fn (int $count): bool => $count >= $every);
    }

    /**
     * The price of preload memory the floor sets: the fewest loads per MB among its files (null without a floor).
     *
     * @param array<string, int> $floor path => its count
     */
    private function price(array $floor, MemoryEstimate $estimate): ?float
    {
        $price = null;
        foreach ($floor as $path => $count) {
            $perMb = $count / max(1, $estimate->ofFile((string) $path)) * 1048576;
            $price = null === $price ? $perMb : min($price, $perMb);
        }

        return $price;
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
