<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Writes a file so that readers see either the old content or the new one, never half of it, with the mode
 * the caller names: never one the umask (0 under Symfony's runtime with APP_DEBUG) or an earlier file left.
 */
final class AtomicFile
{
    /** What other users must read and no one but the owner write: scripts PHP runs, servers' configurations. */
    public const READABLE = 0o644;

    /** What only the owner reads: caches and records of ours. */
    public const PRIVATE = 0o600;

    /**
     * Whether $path is already what write() would make of $content: a regular file (not a link) of these bytes,
     * with this mode, owned by this process's user. Writing it again would only move its mtime, which others
     * read (a preload script's, compared with php-fpm's start to tell whether php-fpm was restarted since).
     */
    public static function holds(string $path, string $content, int $mode): bool
    {
        clearstatcache(true, $path);
        $stat = @lstat($path);
        if (false === $stat || 0o100000 !== ($stat['mode'] & 0o170000) || ($stat['mode'] & 0o777) !== ($mode & 0o777)
            || $stat['size'] !== \strlen($content)
            || (\function_exists('posix_geteuid') && $stat['uid'] !== posix_geteuid())) {
            return false;
        }

        return BoundedRead::orNull($path, \strlen($content)) === $content;
    }

    public static function write(string $path, string $content, int $mode): void
    {
        $directory = \dirname($path);
        if (!is_dir($directory) && !@mkdir($directory, 0o755, true) && !is_dir($directory)) {
            throw FileSystemError::cannotCreateDirectory($directory);
        }
        // An interrupt waits until the file is in place or removed: its handler exits,
        // and finally blocks do not run then.
        $blocked = \function_exists('pcntl_sigprocmask')
            && pcntl_sigprocmask(\SIG_BLOCK, [\SIGINT, \SIGTERM, \SIGHUP], $previous);
        // Registered with the run's guard too: a PHP that cannot hold signals back leaves it to the guard's reaper.
        $temporary = TemporaryFiles::create($directory, '.'.basename($path).'.');
        try {
            if (false === $temporary) {
                throw FileSystemError::cannotCreateTemporaryFile($directory);
            }
            // The mode before the content: tempnam() made it 0600, and no moment is left where another may write.
            if (!@chmod($temporary, $mode & 0o777)) {
                throw FileSystemError::cannotWrite($temporary);
            }
            if (\strlen($content) !== @file_put_contents($temporary, $content)) {
                throw FileSystemError::cannotWrite($temporary);
            }
            if (!@rename($temporary, $path)) {
                throw FileSystemError::cannotMove($path);
            }
        } finally {
            if (false !== $temporary) {
                if (is_file($temporary)) {
                    @unlink($temporary);
                }
                TemporaryFiles::forget($temporary);
            }
            if ($blocked) {
                pcntl_sigprocmask(\SIG_SETMASK, $previous ?? []);
            }
        }
    }
}
