<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Util\AtomicFile;

/**
 * The last verified `generate` per script path, kept in the private cache directory beside the parse
 * cache. A record that cannot be read (another version's, a partial one) is no record: the run verifies.
 */
final class ReuseStore
{
    private const PREFIX = 'generate-';

    public function __construct(private readonly string $directory)
    {
    }

    public function read(string $outputPath): ?ReuseRecord
    {
        $path = $this->path($outputPath);
        $content = is_file($path) ? @file_get_contents($path) : false;
        if (false === $content) {
            return null;
        }
        try {
            $record = @unserialize($content);
        } catch (\Throwable) {
            return null;
        }

        return $record instanceof ReuseRecord ? $record : null;
    }

    public function write(string $outputPath, ReuseRecord $record): void
    {
        try {
            if (!is_dir($this->directory)) {
                @mkdir($this->directory, 0700, true);
            }
            AtomicFile::write($this->path($outputPath), serialize($record), AtomicFile::PRIVATE);
        } catch (\RuntimeException) {
            // Only the next run's speed depends on the record: it verifies again without one.
        }
    }

    /** Removes the record: the script at $outputPath is no longer the one it describes. */
    public function forget(string $outputPath): void
    {
        @unlink($this->path($outputPath));
    }

    private function path(string $outputPath): string
    {
        return $this->directory.'/'.self::PREFIX.substr(hash('sha256', $outputPath), 0, 16).'.bin';
    }
}
