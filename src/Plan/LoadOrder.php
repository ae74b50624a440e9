<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\Declaration;

/**
 * The planner's last pass: the wanted files in an order PHP can compile them in, or the cycle between files
 * that keeps them from one.
 *
 * @internal
 */
final class LoadOrder
{
    /**
     * Puts the wanted files in an order where every class's parent, interfaces and traits are compiled
     * before it. (OPcache links what it can after the script has run, but an ordered script also works
     * for PHP's require-based preloading and reads top-down.).
     *
     * @return array{string, string}|null a class on a dependency cycle between files and the class closing it, if any
     */
    public function order(PlanState $state): ?array
    {
        $marks = [];
        $ordered = [];
        $ancestors = [];
        $paths = array_keys($state->wanted);
        sort($paths, \SORT_STRING);
        foreach ($paths as $path) {
            if (!isset($marks[$path])) {
                $cycle = $this->visit($path, $state, $marks, $ordered, $ancestors, false);
                if (null !== $cycle) {
                    return $cycle;
                }
            }
        }
        $state->ordered = $ordered;

        return null;
    }

    /**
     * Depth-first: a file goes out after the files it needs. Marks: 1 on the current path, 2 written.
     *
     * Link dependencies are hard: a cycle of them is returned. Signature dependencies are a courtesy
     * (OPcache links in whatever order it can once every file is compiled; classes whose dependencies form
     * a cycle are out already, see LinkCycles): one is followed only to a file none of whose link ancestors
     * is on the current path, and below it only link dependencies are followed, so that it can never put a
     * file after one it links to (two classes of one file can still make such a cycle between files).
     *
     * @param array<string, int>                 $marks
     * @param list<PlannedFile>                  $ordered
     * @param array<string, array<string, true>> $ancestors path => the wanted files it needs to link, transitively
     *
     * @return array{string, string}|null
     */
    private function visit(
        string $path,
        PlanState $state,
        array &$marks,
        array &$ordered,
        array &$ancestors,
        bool $linksOnly,
    ): ?array {
        $marks[$path] = 1;
        $file = $state->wanted[$path];
        // Named classes only: the preload script never declares an anonymous class (OPcache links it, if
        // at all, after compiling every file), so what it links to puts no order on files, and a trait
        // whose method returns `new class extends X { use ThisTrait; }` is no cycle.
        $classes = $state->context->classLikes($file);
        foreach ($classes as $declaration) {
            foreach ($state->needsOf($declaration) as [$dependency, $key, $check]) {
                $provider = $state->providers[$key] ?? null;
                if (null === $provider || $provider === $path || !isset($state->wanted[$provider])) {
                    continue;
                }
                $mark = $marks[$provider] ?? 0;
                if (null !== $check) {
                    if (
                        $linksOnly
                        || 0 !== $mark
                        || $this->anyOnPath($this->linkAncestors($provider, $state, $ancestors), $marks)
                    ) {
                        continue;
                    }
                    $cycle = $this->visit($provider, $state, $marks, $ordered, $ancestors, true);
                    if (null !== $cycle) {
                        return $cycle;
                    }
                    continue;
                }
                if (1 === $mark) {
                    return [strtolower($declaration->name), $dependency];
                }
                if (0 === $mark) {
                    $cycle = $this->visit($provider, $state, $marks, $ordered, $ancestors, $linksOnly);
                    if (null !== $cycle) {
                        return $cycle;
                    }
                }
            }
        }
        $marks[$path] = 2;
        $ordered[] = new PlannedFile(
            $path,
            array_map(static fn (Declaration $d): string => $d->name, $classes),
            array_map(static fn (Declaration $d): string => $d->name, $file->functions()),
            $state->kept[$path] ?? null,
        );

        return null;
    }

    /**
     * @param array<string, array<string, true>> $memo
     *
     * @return array<string, true> the wanted files $path needs to link (parents, interfaces, traits), transitively
     */
    private function linkAncestors(string $path, PlanState $state, array &$memo): array
    {
        if (isset($memo[$path])) {
            return $memo[$path];
        }
        $found = [];
        $queue = [$path];
        while ([] !== $queue) {
            $file = $state->wanted[array_pop($queue)] ?? null;
            foreach (null === $file ? [] : $state->context->classLikes($file) as $declaration) {
                foreach ($declaration->linkDependencies() as $dependency) {
                    $provider = $state->providers[strtolower($dependency)] ?? null;
                    if (null !== $provider && isset($state->wanted[$provider]) && !isset($found[$provider])) {
                        $found[$provider] = true;
                        $queue[] = $provider;
                    }
                }
            }
        }

        return $memo[$path] = $found;
    }

    /**
     * @param array<string, true> $files
     * @param array<string, int>  $marks
     */
    private function anyOnPath(array $files, array $marks): bool
    {
        foreach ($files as $file => $_) {
            if (1 === ($marks[$file] ?? 0)) {
                return true;
            }
        }

        return false;
    }
}
