<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Writes a file so that readers see either the old content or the new one, never half of it.
 */
final class AtomicFile
{
    public static function write(string $path, string $content): void
    {
        $directory = \dirname($path);
        if (!is_dir($directory) && !@mkdir($directory, 0777, true) && !is_dir($directory)) {
            throw new \RuntimeException(\sprintf('Cannot create directory %s: check its parent exists and is writable.', $directory));
        }
        $temporary = @tempnam($directory, '.'.basename($path).'.');
        if (false === $temporary) {
            throw new \RuntimeException(\sprintf('Cannot create a temporary file in %s: check that the directory is writable.', $directory));
        }
        try {
            if (\strlen($content) !== @file_put_contents($temporary, $content)) {
                throw new \RuntimeException(\sprintf('Cannot write %s: is the disk full?', $temporary));
            }
            $mode = is_file($path) ? (fileperms($path) & 0777) : (0666 & ~umask());
            @chmod($temporary, $mode);
            if (!@rename($temporary, $path)) {
                throw new \RuntimeException(\sprintf('Cannot move the new file into place at %s: check that the directory is writable.', $path));
            }
        } finally {
            if (is_file($temporary)) {
                @unlink($temporary);
            }
        }
    }
}
