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
            throw FileSystemError::cannotCreateDirectory($directory);
        }
        $temporary = @tempnam($directory, '.'.basename($path).'.');
        if (false === $temporary) {
            throw FileSystemError::cannotCreateTemporaryFile($directory);
        }
        try {
            if (\strlen($content) !== @file_put_contents($temporary, $content)) {
                throw FileSystemError::cannotWrite($temporary);
            }
            $mode = is_file($path) ? (fileperms($path) & 0777) : (0666 & ~umask());
            @chmod($temporary, $mode);
            if (!@rename($temporary, $path)) {
                throw FileSystemError::cannotMove($path);
            }
        } finally {
            if (is_file($temporary)) {
                @unlink($temporary);
            }
        }
    }
}
