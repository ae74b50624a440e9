<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\PhpVersion;

/**
 * A parse worker as a PHP process of its own (ParallelAnalysis starts it under OPcache's JIT): it reads the paths
 * to parse from one file, writes a dot on stdout every few files for the progress bar, and writes each file's
 * ParsedFile::toArrays() into another file, which the parent reads back.
 *
 * @internal
 */
final class ParseWorker
{
    /** A dot on stdout every this many files. */
    public const PROGRESS_EVERY = 25;

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
        $entries = [];
        foreach ($paths as $index => $path) {
            $entries[] = $analyzer->analyzeForReuse($path)->toArrays();
            if (0 === ($index + 1) % self::PROGRESS_EVERY) {
                @fwrite($progress, '.');
            }
        }

        return false !== file_put_contents($resultFile, serialize($entries));
    }
}
