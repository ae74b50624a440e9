<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Plan\CapacityFit;
use Preheat\Plan\PlanResult;
use Preheat\Script\Verify\StartupChecks;
use Preheat\Script\Verify\VerificationReport;

/**
 * Chooses the part of a plan that fits OPcache's interned-string buffer and shared memory as the php.ini
 * sets them. What the last boot measured is scaled to bytes per byte of source (interned strings and OPcache
 * memory alike), with headroom; files are then taken, each with the files it needs to link, most shared first:
 * the file that the most planned classes need (as parent, interface or trait, transitively), then the smaller,
 * then by path. A given ranking (the hot or trace strategy's order) comes before that.
 */
final class CapacityFitter
{
    /** Share of a limit the fitted plan aims at, so that the next boot fits despite the estimate's error. */
    private const HEADROOM = 0.85;

    /** OPcache memory is flagged from this share on (StartupChecks): aim below it. */
    private const MEMORY_SHARE = 0.8;

    /** Bytes of OPcache memory per byte of source when the boot could not measure it (see MemoryEstimate). */
    private const DEFAULT_MEMORY_PER_SOURCE_BYTE = 3.0;

    /**
     * What does not fit, by the report: the setting, and how many bytes of source the plan may keep.
     *
     * @return list<Overflow> each finding on a capacity setting, with the source bytes that fit it
     */
    public function overflows(VerificationReport $report, PlanResult $result): array
    {
        $room = $report->room;
        if (null === $room) {
            return [];
        }
        $source = $this->sourceBytes($result, array_map(static fn ($f): string => $f->path, $result->plan->included));
        if (0 === $source) {
            return [];
        }
        $overflows = [];
        foreach ($report->findings as $finding) {
            if ('opcache.interned_strings_buffer' === $finding->setting && $room->internedBufferBytes > 0) {
                // Measured with a larger buffer when known; otherwise the buffer was too small by an unknown amount:
                // halve.
                $perSource = null !== $room->internedNeededBytes
                    ? max(1, $room->internedNeededBytes) / $source
                    : 2 * max(1, $room->internedBufferBytes - $room->internedBaselineBytes) / $source;
                $free = max(0, $room->internedBufferBytes - $room->internedBaselineBytes);
                $overflows[$finding->setting] = new Overflow($finding, (int) ($free * self::HEADROOM / $perSource));
            }
            if ('opcache.memory_consumption' === $finding->setting && $room->memoryBytes > 0) {
                $perSource = $room->preloadMemoryBytes > 0
                    ? $room->preloadMemoryBytes / $source
                    : self::DEFAULT_MEMORY_PER_SOURCE_BYTE;
                $free = self::MEMORY_SHARE * $room->memoryBytes - $room->memoryBaselineBytes;
                $overflows[$finding->setting] = new Overflow(
                    $finding,
                    (int) (max(0, $free) * self::HEADROOM / $perSource),
                );
            }
        }

        return array_values($overflows);
    }

    /**
     * The files to keep (each with its link closure) within $sourceBytes of source; the planner leaves the
     * others out with $why.
     *
     * @param list<string> $ranking files to take first, in this order (a strategy's choice)
     */
    public function fit(PlanResult $result, int $sourceBytes, array $ranking, string $why): CapacityFit
    {
        $files = array_map(static fn ($f): string => $f->path, $result->plan->included);
        $needs = $this->linkNeeds($result);
        $closures = [];
        $dependents = array_fill_keys($files, 0);
        foreach ($files as $path) {
            $closures[$path] = $this->closure($path, $needs);
            foreach ($closures[$path] as $needed) {
                if ($needed !== $path) {
                    ++$dependents[$needed];
                }
            }
        }
        $sizes = [];
        foreach ($files as $path) {
            $sizes[$path] = $this->sourceBytes($result, [$path]);
        }
        $first = array_flip(array_values(array_filter($ranking, static fn (string $p): bool => isset($sizes[$p]))));
        $order = $files;
        usort(
            $order,
            static fn (string $a, string $b): int => [
                $first[$a] ?? \PHP_INT_MAX,
                -$dependents[$a],
                $sizes[$a],
                $a,
            ] <=> [$first[$b] ?? \PHP_INT_MAX, -$dependents[$b], $sizes[$b], $b],
        );
        $kept = [];
        $used = 0;
        foreach ($order as $path) {
            if (isset($kept[$path])) {
                continue;
            }
            $added = array_values(array_filter($closures[$path], static fn (string $p): bool => !isset($kept[$p])));
            $cost = array_sum(array_map(static fn (string $p): int => $sizes[$p], $added));
            if ($used + $cost > $sourceBytes) {
                continue;
            }
            $used += $cost;
            foreach ($added as $p) {
                $kept[$p] = true;
            }
        }

        return new CapacityFit(array_map('strval', array_keys($kept)), $why);
    }

    /**
     * Planned file => the planned files declaring what its classes need to link (parent, interfaces, traits).
     *
     * @return array<string, list<string>>
     */
    private function linkNeeds(PlanResult $result): array
    {
        $provider = [];
        foreach ($result->plan->included as $file) {
            foreach ($file->classes as $class) {
                $provider[strtolower($class)] = $file->path;
            }
        }
        $needs = [];
        foreach ($result->plan->included as $file) {
            $needs[$file->path] = [];
            foreach ($result->scan->inventory->file($file->path)?->linkedClasses() ?? [] as $declaration) {
                foreach ($declaration->linkDependencies() as $dependency) {
                    $path = $provider[strtolower(ltrim($dependency, '\\'))] ?? null;
                    if (null !== $path && $path !== $file->path) {
                        $needs[$file->path][] = $path;
                    }
                }
            }
        }

        return $needs;
    }

    /**
     * @param array<string, list<string>> $needs
     *
     * @return list<string> the file and every file it needs, transitively
     */
    private function closure(string $path, array $needs): array
    {
        $seen = [$path => true];
        $queue = [$path];
        while ([] !== $queue) {
            foreach ($needs[array_pop($queue)] ?? [] as $next) {
                if (!isset($seen[$next])) {
                    $seen[$next] = true;
                    $queue[] = $next;
                }
            }
        }

        return array_keys($seen);
    }

    /** @param list<string> $paths */
    private function sourceBytes(PlanResult $result, array $paths): int
    {
        $bytes = 0;
        foreach ($paths as $path) {
            $bytes += null !== ($file = $result->scan->inventory->file($path)) ? $file->size : (int) @filesize($path);
        }

        return $bytes;
    }
}
