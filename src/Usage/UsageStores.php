<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Recorder\StoreDsn;

/**
 * Opens a store by how users name it: a path or file://PATH (an append-only file), or
 * redis://[[user]:password@]host[:port][/db][?prefix=PREFIX] (default port 6379, db 0, prefix "preheat:").
 */
final class UsageStores
{
    /** The file `record` and `usage` use when no --store is given, relative to the project. */
    public const DEFAULT_FILE = 'preheat-usage.log';

    /** @param string $baseDirectory a relative path is relative to it (default: the working directory) */
    /**
     * What a store holds, for a strategy that needs traffic: an empty store is an error saying what to do.
     */
    public static function readTraffic(string $dsn, string $baseDirectory = ''): UsageSnapshot
    {
        $store = self::open($dsn, $baseDirectory);
        $usage = $store->read();
        if ($usage->isEmpty() && 0 === $usage->reading->batches && $usage->reading->skippedRecords > 0) {
            throw UsageStoreError::notAStore($store->describe(), $usage->reading->skippedRecords);
        }
        if ($usage->isEmpty()) {
            throw UsageStoreError::empty($store->describe());
        }

        return $usage;
    }

    public static function open(string $dsn, string $baseDirectory = ''): UsageStore
    {
        $target = self::target($dsn, $baseDirectory);
        if ('file' === $target['type']) {
            return new FileUsageStore((string) $target['path']);
        }

        return new RedisUsageStore($target);
    }

    /**
     * The store's settings as the recorder takes them (see StoreDsn::normalize()).
     *
     * @return array<string, mixed>
     */
    public static function target(string $dsn, string $baseDirectory = ''): array
    {
        RecorderFile::load();
        try {
            return StoreDsn::parse($dsn, '' === $baseDirectory ? (string) getcwd() : $baseDirectory);
        } catch (\InvalidArgumentException $e) {
            throw UsageStoreError::invalidStore($e->getMessage());
        }
    }
}
