<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Plan\Strategy\StoreReading;
use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Recorder\Recorder;
use Preheat\Recorder\RedisSink;
use Preheat\Recorder\RespClient;
use Preheat\Recorder\SinkError;
use Preheat\Recorder\StoreDsn;

/**
 * Counts added up in Redis by every server's recorder (keys: Preheat\Recorder\RedisSink). Reads them
 * back in one transaction, so that a snapshot is consistent while recorders keep writing.
 */
final class RedisUsageStore implements UsageStore
{
    /** What one read may receive: the counts of 50,000 files take a few megabytes. */
    public const MAX_REPLY_BYTES = 64 * 1024 * 1024;

    /** @var array<string, mixed> */
    private readonly array $target;

    /** @param array<string, mixed> $target normalized by StoreDsn (UsageStores::target()) */
    public function __construct(array $target)
    {
        RecorderFile::load();
        $target = StoreDsn::normalize($target);
        // A command-line tool can wait longer than a request can (readTimeout bounds a whole read or write).
        $target['timeout'] = max((float) $target['timeout'], 2.0);
        $target['readTimeout'] = max((float) $target['readTimeout'], 30.0);
        $this->target = $target;
    }

    public function append(UsageBatch $batch): void
    {
        $this->transaction(RedisSink::commands([RecorderFile::batch($batch)], $this->prefix()));
    }

    public function read(): UsageSnapshot
    {
        $prefix = $this->prefix();
        [$version, $requests, $batches, $dropped, $files, $servers, $first, $last, $required] = $this->transaction([
            ['GET', $prefix.'version'],
            ['GET', $prefix.'requests'],
            ['GET', $prefix.'batches'],
            ['GET', $prefix.'dropped'],
            ['HGETALL', $prefix.'files'],
            ['SMEMBERS', $prefix.'servers'],
            ['ZRANGE', $prefix.'window', '0', '0', 'WITHSCORES'],
            ['ZRANGE', $prefix.'window', '-1', '-1', 'WITHSCORES'],
            ['HGETALL', $prefix.'required'],
        ]) + array_fill(0, 9, null);
        if (null !== $version && !\in_array($version, array_map('strval', Recorder::READABLE_FORMATS), true)) {
            throw UsageStoreError::incompatibleVersion(
                $this->describe(),
                \is_scalar($version) ? (string) $version : '?',
            );
        }
        $fileCounts = self::counts($files);
        $serverNames = \is_array($servers)
            ? array_map(static fn (mixed $s): string => \is_scalar($s) ? (string) $s : '', $servers)
            : [];
        sort($serverNames);

        return new UsageSnapshot(
            requests: self::int($requests),
            fileCounts: $fileCounts,
            from: \is_array($first) && isset($first[0]) ? self::int($first[0]) : null,
            to: \is_array($last) && isset($last[0]) ? self::int($last[0]) : null,
            servers: array_values(array_filter($serverNames, static fn (string $s): bool => '' !== $s)),
            reading: new StoreReading(batches: self::int($batches), droppedRequests: self::int($dropped)),
            requiredCounts: self::counts($required),
        );
    }

    /** @return array<string, int> a hash from HGETALL, as path => count */
    private static function counts(mixed $hash): array
    {
        $counts = [];
        $pairs = \is_array($hash) ? array_values($hash) : [];
        for ($i = 0; $i + 1 < \count($pairs); $i += 2) {
            $counts[(string) $pairs[$i]] = self::int($pairs[$i + 1]);
        }

        return $counts;
    }

    public function describe(): string
    {
        return StoreDsn::describe($this->target);
    }

    public function identity(): string
    {
        return $this->describe();
    }

    /**
     * One MULTI/EXEC on a connection of its own; a failure names the server.
     *
     * @param list<list<string>> $commands
     *
     * @return list<mixed> the replies
     */
    private function transaction(array $commands): array
    {
        $client = $this->connect();
        try {
            return $client->transaction($commands);
        } catch (SinkError $e) {
            // Redis killed, frozen or not Redis at all is the server's doing; what Redis refused is the store's.
            throw match ($e->getCode()) {
                SinkError::UNREACHABLE => UsageStoreUnreachable::redisLost($client->address, $e->getMessage()),
                SinkError::MALFORMED => UsageStoreUnreachable::notRedis($client->address, $e->getMessage()),
                default => UsageStoreError::redisFailed($client->address, $e->getMessage()),
            };
        } finally {
            $client->close();
        }
    }

    private function connect(): RespClient
    {
        try {
            return RespClient::open($this->target, self::MAX_REPLY_BYTES);
        } catch (SinkError $e) {
            $host = (string) $this->target['host'];
            $address = (str_contains($host, ':') ? '['.$host.']' : $host).':'.(int) $this->target['port'];

            throw match ($e->getCode()) {
                SinkError::UNREACHABLE => UsageStoreUnreachable::redisUnreachable($address, $e->getMessage()),
                SinkError::MALFORMED => UsageStoreUnreachable::notRedis($address, $e->getMessage()),
                default => UsageStoreError::redisFailed($address, $e->getMessage()),
            };
        }
    }

    private function prefix(): string
    {
        return (string) $this->target['prefix'];
    }

    private static function int(mixed $value): int
    {
        return \is_int($value) || (\is_string($value) && is_numeric($value)) ? (int) $value : 0;
    }
}
