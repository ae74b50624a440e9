<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\PhpVersion;

/**
 * A parse worker as a PHP process of its own (ParallelAnalysis starts it under OPcache's JIT): it reads the paths
 * to parse from one file, writes a dot on stdout every few files for the progress bar, and writes each file's
 * ParsedFile::toArrays() into another file, which the parent reads back (read()).
 *
 * The result file is a run of batches, each serialize()d apart behind its length: neither the worker nor the
 * parent holds the whole share's arrays at once (for 30,000 files they took hundreds of megabytes beside the
 * inventories they become).
 *
 * @internal
 */
final class ParseWorker
{
    /** A dot on stdout every this many files. */
    public const PROGRESS_EVERY = 25;

    /** Files per batch of the result file. */
    private const BATCH = 500;

    /** The most a batch may take: 500 files of a few hundred KB each at most; a length past it is no batch of ours. */
    private const MAX_BATCH_BYTES = 512 * 1024 * 1024;

    /**
     * @param list<string> $argv [program, paths file, result file, the grammar's PHP version or '']
     *
     * @return int the exit code: 0 when every file was analysed (a file that cannot be parsed is analysed as such)
     */
    public static function main(array $argv): int
    {
        [, $pathsFile, $resultFile, $version] = $argv + [1 => '', 2 => '', 3 => ''];
        $paths = @unserialize((string) @file_get_contents($pathsFile), ['allowed_classes' => false]);
        if (!\is_array($paths) || '' === $resultFile) {
            fwrite(\STDERR, "preheat parse worker: no paths to parse in $pathsFile\n");

            return 2;
        }
        $analyzer = new FileAnalyzer('' === $version ? null : PhpVersion::fromString($version));
        $paths = array_values(array_map('strval', $paths));

        return self::run($analyzer, $paths, $resultFile, \STDOUT) ? 0 : 3;
    }

    /**
     * A worker's share, forked or a process of its own: each file analysed, a dot on $progress every few files,
     * then every ParsedFile::toArrays() into $resultFile.
     *
     * @param list<string> $paths
     * @param resource     $progress
     *
     * @return bool whether the result was written
     */
    public static function run(FileAnalyzer $analyzer, array $paths, string $resultFile, $progress): bool
    {
        // The worker exits when done: nothing is left for the collector to free, only syntax trees to walk.
        gc_disable();
        $out = @fopen($resultFile, 'w');
        if (false === $out) {
            return false;
        }
        $batch = [];
        $written = true;
        foreach ($paths as $index => $path) {
            $batch[] = $analyzer->analyzeForReuse($path)->toArrays();
            if (0 === ($index + 1) % self::PROGRESS_EVERY) {
                @fwrite($progress, '.');
            }
            if (\count($batch) >= self::BATCH || $index === \count($paths) - 1) {
                $bytes = serialize($batch);
                $batch = [];
                $written = $written && \strlen($bytes) + 4 === @fwrite($out, pack('N', \strlen($bytes)).$bytes);
            }
        }

        return fclose($out) && $written;
    }

    /**
     * What a worker wrote to $resultFile (run()), batch by batch, each file's analysis made a ParsedFile as its
     * batch is read; null when the file does not hold $expected files' analyses in whole batches.
     *
     * @return array<string, ParsedFile>|null by path
     */
    public static function read(string $resultFile, int $expected): ?array
    {
        $in = @fopen($resultFile, 'r');
        if (false === $in) {
            return null;
        }
        $results = [];
        $count = 0;
        try {
            while ('' !== ($header = (string) fread($in, 4))) {
                $length = 4 === \strlen($header) ? (int) (unpack('N', $header) ?: [1 => 0])[1] : 0;
                $bytes = $length > 0 && $length <= self::MAX_BATCH_BYTES ? stream_get_contents($in, $length) : false;
                if (false === $bytes || \strlen($bytes) !== $length) {
                    return null;
                }
                $batch = @unserialize($bytes, ['allowed_classes' => false]);
                unset($bytes);
                if (!\is_array($batch)) {
                    return null;
                }
                foreach (array_keys($batch) as $key) {
                    $parsed = ParsedFile::fromArrays($batch[$key]);
                    // Each analysis's arrays freed as its objects are made.
                    unset($batch[$key]);
                    $results[$parsed->inventory->path] = $parsed;
                    ++$count;
                }
            }
        } finally {
            fclose($in);
        }

        return $count === $expected ? $results : null;
    }
}
