<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Plan\Strategy\StoreReading;
use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Recorder\FileSink;
use Preheat\Recorder\Recorder;
use Preheat\Recorder\SinkError;

/**
 * An append-only file of JSON lines, one per batch (format: Preheat\Recorder\FileSink). Reading skips
 * and counts damaged lines (a writer killed mid-line, garbage), so one bad record never hides the rest.
 */
final class FileUsageStore implements UsageStore
{
    /**
     * The most a record may count (requests, drops, a file's loads): a batch is one worker's sampled requests
     * of one flush interval, never billions; a larger count is damage, and sums of such counts over any file
     * that fits a disk stay within PHP's int (an overflow would turn them into floats).
     */
    private const MAX_COUNT = 2 ** 32;

    /**
     * The longest line read as a record: a batch of every file of a large app is a few megabytes. A longer
     * line is not the recorder's (garbage, another file): it is skipped without being held in memory.
     */
    public const MAX_LINE_BYTES = 16 * 1024 * 1024;

    /** What one read takes of a line: a line is put together from such pieces, up to the limit. */
    private const READ_BYTES = 65536;

    public function __construct(public readonly string $path, private readonly int $maxLineBytes = self::MAX_LINE_BYTES)
    {
    }

    public function append(UsageBatch $batch): void
    {
        RecorderFile::load();
        try {
            (new FileSink($this->path, 10.0))->write([RecorderFile::batch($batch)]);
        } catch (SinkError $e) {
            throw UsageStoreError::unwritable($this->path, $e->getMessage());
        }
    }

    public function read(): UsageSnapshot
    {
        RecorderFile::load();
        if (!is_file($this->path)) {
            throw UsageStoreError::missingFile($this->path);
        }
        $handle = @fopen($this->path, 'r');
        if (false === $handle) {
            throw UsageStoreError::unreadableFile($this->path);
        }
        $requests = $batches = $skipped = $dropped = $overlong = 0;
        $files = $servers = $required = [];
        $from = $to = null;
        try {
            foreach (self::lines($handle, $this->maxLineBytes) as $line) {
                if (null === $line) {
                    ++$skipped;
                    ++$overlong;
                    continue;
                }
                if (!str_ends_with($line, "\n")) {
                    ++$skipped; // the last line, torn by a writer that died (or still being written)
                    break;
                }
                if ('' === trim($line)) {
                    continue;
                }
                $record = $this->parse($line);
                if (null === $record) {
                    ++$skipped;
                    continue;
                }
                ++$batches;
                $requests += $record['requests'];
                $dropped += $record['dropped'];
                foreach ($record['files'] as $file => $count) {
                    $files[$file] = ($files[$file] ?? 0) + $count;
                }
                foreach ($record['required'] as $file => $count) {
                    $required[$file] = ($required[$file] ?? 0) + $count;
                }
                $from = null === $from ? $record['from'] : min($from, $record['from']);
                $to = null === $to ? $record['to'] : max($to, $record['to']);
                foreach (explode(',', $record['server']) as $server) {
                    if ('' !== $server) {
                        $servers[$server] = true;
                    }
                }
            }
        } finally {
            fclose($handle);
        }
        $servers = array_map('strval', array_keys($servers));
        sort($servers);
        $warnings = 0 === $overlong ? [] : [\sprintf(
            '%s: %d %s longer than %d MB skipped (a record of the recorder is far shorter): is it a usage store?',
            $this->path,
            $overlong,
            1 === $overlong ? 'line' : 'lines',
            intdiv($this->maxLineBytes, 1024 * 1024),
        )];

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

    /**
     * The file's lines, each whole with its "\n" (the last one may lack it: torn), or null for a line
     * longer than $maxLineBytes, which is read through in pieces and never held whole.
     *
     * @param resource $handle
     *
     * @return \Generator<int, string|null>
     */
    private static function lines($handle, int $maxLineBytes): \Generator
    {
        $line = '';
        $tooLong = false;
        while (false !== ($piece = fgets($handle, self::READ_BYTES))) {
            if (!$tooLong) {
                $line .= $piece;
                if (\strlen($line) > $maxLineBytes) {
                    $tooLong = true;
                    $line = '';
                }
            }
            if (!str_ends_with($piece, "\n")) {
                continue;
            }
            yield $tooLong ? null : $line;
            $line = '';
            $tooLong = false;
        }
        if ($tooLong) {
            yield null;
        } elseif ('' !== $line) {
            yield $line;
        }
    }

    public function describe(): string
    {
        return $this->path;
    }

    public function identity(): string
    {
        $real = realpath($this->path);
        if (false !== $real) {
            return 'file://'.$real;
        }
        // Not there (yet): its directory may be, under another name.
        $directory = realpath(\dirname($this->path));

        return 'file://'.(false === $directory ? $this->path : $directory.'/'.basename($this->path));
    }

    /**
     * @return array{server: string, from: int, to: int, requests: int, dropped: int, files: array<string, int>,
     *               required: array<string, int>}|null null for a damaged line
     */
    private function parse(string $line): ?array
    {
        $record = json_decode($line, true);
        if (!\is_array($record)) {
            return null;
        }
        $version = $record['v'] ?? null;
        if (!\in_array($version, Recorder::READABLE_FORMATS, true)) {
            if (\is_int($version) || \is_string($version)) {
                throw UsageStoreError::incompatibleVersion($this->path, (string) $version);
            }

            return null;
        }
        $server = $record['server'] ?? null;
        $from = $record['from'] ?? null;
        $to = $record['to'] ?? null;
        $requests = $record['requests'] ?? null;
        $dropped = $record['dropped'] ?? 0;
        $fileCounts = $record['files'] ?? null;
        $requiredCounts = $record['required'] ?? [];
        if (!\is_string($server) || !\is_int($from) || !\is_int($to) || !self::isCount($requests)
            || !self::isCount($dropped) || !\is_array($fileCounts) || !\is_array($requiredCounts)) {
            return null;
        }
        $files = [];
        foreach ($fileCounts as $file => $count) {
            if (!self::isCount($count)) {
                return null;
            }
            $files[(string) $file] = $count;
        }
        $required = [];
        foreach ($requiredCounts as $file => $count) {
            if (!self::isCount($count)) {
                return null;
            }
            $required[(string) $file] = $count;
        }

        return [
            'server' => $server,
            'from' => $from,
            'to' => $to,
            'requests' => $requests,
            'dropped' => $dropped,
            'files' => $files,
            'required' => $required,
        ];
    }

    /** @phpstan-assert-if-true int $value */
    private static function isCount(mixed $value): bool
    {
        return \is_int($value) && $value >= 0 && $value <= self::MAX_COUNT;
    }
}
