<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Plan\Strategy\StoreReading;
use Preheat\Plan\Strategy\UsageSnapshot;

/**
 * Adds stores up: in memory (`combine`), or into another store (`merge`: one batch per source, so
 * merging what several servers recorded into one file or one Redis works offline, once).
 */
final class UsageMerger
{
    /** @param list<UsageStore> $sources */
    public function combine(array $sources): UsageSnapshot
    {
        return self::sum(array_map(static fn (UsageStore $s): UsageSnapshot => $s->read(), $sources));
    }

    /**
     * @param list<UsageStore> $sources
     *
     * @return UsageSnapshot what was added to the target
     */
    public function merge(array $sources, UsageStore $target): UsageSnapshot
    {
        foreach ($sources as $source) {
            if ($source->identity() === $target->identity()) {
                throw UsageStoreError::mergeIntoSource($target->describe());
            }
        }
        // Read everything first: a source that cannot be read must not leave the target half merged.
        $snapshots = array_map(static fn (UsageStore $s): UsageSnapshot => $s->read(), $sources);
        foreach ($snapshots as $snapshot) {
            if ($snapshot->isEmpty() && 0 === $snapshot->reading->droppedRequests) {
                continue;
            }
            $target->append(new UsageBatch(
                $snapshot->requests,
                $snapshot->fileCounts,
                $snapshot->from ?? time(),
                $snapshot->to ?? time(),
                implode(',', $snapshot->servers),
                $snapshot->reading->droppedRequests,
                $snapshot->requiredCounts,
            ));
        }

        return self::sum($snapshots);
    }

    /**
     * The stores, each once: a store named twice (the same path, or another name of it) would count twice.
     *
     * @param list<UsageStore> $stores
     *
     * @return list<UsageStore>
     */
    public static function distinct(array $stores): array
    {
        $distinct = [];
        foreach ($stores as $store) {
            $distinct[$store->identity()] ??= $store;
        }

        return array_values($distinct);
    }

    /** @param list<UsageSnapshot> $snapshots */
    public static function sum(array $snapshots): UsageSnapshot
    {
        $requests = $batches = $skipped = $dropped = 0;
        $files = $servers = $required = $warnings = [];
        $from = $to = null;
        foreach ($snapshots as $snapshot) {
            $requests += $snapshot->requests;
            $batches += $snapshot->reading->batches;
            $skipped += $snapshot->reading->skippedRecords;
            $dropped += $snapshot->reading->droppedRequests;
            foreach ($snapshot->fileCounts as $file => $count) {
                $files[$file] = ($files[$file] ?? 0) + $count;
            }
            foreach ($snapshot->requiredCounts as $file => $count) {
                $required[$file] = ($required[$file] ?? 0) + $count;
            }
            if (null !== $snapshot->from) {
                $from = null === $from ? $snapshot->from : min($from, $snapshot->from);
            }
            if (null !== $snapshot->to) {
                $to = null === $to ? $snapshot->to : max($to, $snapshot->to);
            }
            foreach ($snapshot->servers as $server) {
                $servers[$server] = true;
            }
            array_push($warnings, ...$snapshot->reading->warnings);
        }
        $servers = array_map('strval', array_keys($servers));
        sort($servers);

        return new UsageSnapshot(
            requests: $requests,
            fileCounts: $files,
            from: $from,
            to: $to,
            servers: $servers,
            reading: new StoreReading(
                batches: $batches,
                skippedRecords: $skipped,
                droppedRequests: $dropped,
                warnings: $warnings,
            ),
            requiredCounts: $required,
        );
    }
}
