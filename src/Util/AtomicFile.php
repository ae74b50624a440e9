<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Writes a file so that readers see either the old content or the new one, never half of it.
 */
final class AtomicFile
{
    /** @param int|null $mode the file's mode; null: an existing file's, else 0666 less the umask */
    public static function write(string $path, string $content, ?int $mode = null): void
    {
        $directory = \dirname($path);
        if (!is_dir($directory) && !@mkdir($directory, 0777, true) && !is_dir($directory)) {
            throw FileSystemError::cannotCreateDirectory($directory);
        }
        // An interrupt waits until the file is in place or removed: its handler exits,
        // and finally blocks do not run then.
        $blocked = \function_exists('pcntl_sigprocmask')
            && pcntl_sigprocmask(\SIG_BLOCK, [\SIGINT, \SIGTERM, \SIGHUP], $previous);
        $temporary = @tempnam($directory, '.'.basename($path).'.');
        try {
            if (false === $temporary) {
                throw FileSystemError::cannotCreateTemporaryFile($directory);
            }
            if (\strlen($content) !== @file_put_contents($temporary, $content)) {
                throw FileSystemError::cannotWrite($temporary);
            }
            $mode ??= is_file($path) ? (fileperms($path) & 0777) : (0666 & ~umask());
            @chmod($temporary, $mode);
            if (!@rename($temporary, $path)) {
                throw FileSystemError::cannotMove($path);
            }
        } finally {
            if (false !== $temporary && is_file($temporary)) {
                @unlink($temporary);
            }
            if ($blocked) {
                pcntl_sigprocmask(\SIG_SETMASK, $previous ?? []);
            }
        }
    }
}
