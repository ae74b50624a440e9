<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * A directory only the user running Preheat can write: created with mode 0700 when missing, refused
 * when it is a link, belongs to another user, or its group or others may write it. What Preheat keeps
 * there (the parse cache) decides what it preloads, so another local user must not be able to plant it.
 */
final class PrivateDirectory
{
    /**
     * A fix names the directory itself (rm, chmod) only when it holds nothing but files named $prefix*;
     * for another (the temp dir, /var/cache...) only the remedy is proposed.
     *
     * @param string $remedy what else the user can do, e.g. "pass --cache-dir=DIR (a directory of yours) or --no-cache"
     * @param string $prefix how the files Preheat keeps there begin (AtomicFile's temporary files add a dot)
     *
     * @return bool false when it is missing and cannot be created (its parent is not writable)
     *
     * @throws UnsafeDirectory when it exists and others could write into it
     */
    public static function ensure(string $directory, string $remedy, string $prefix = ''): bool
    {
        clearstatcache(true, $directory);
        if (false === @lstat($directory) && !@mkdir($directory, 0o700, true) && !is_dir($directory)) {
            return false;
        }
        clearstatcache(true, $directory);
        $stat = @lstat($directory);
        if (false === $stat) {
            return false;
        }
        $type = $stat['mode'] & 0o170000;
        if (0o120000 === $type) {
            throw new UnsafeDirectory(\sprintf(
                '%s is a symbolic link: Preheat keeps its cache only in a real directory of its own user. '
                .'Remove the link (rm %s), or %s.',
                $directory,
                escapeshellarg($directory),
                $remedy,
            ));
        }
        if (0o040000 !== $type) {
            throw new UnsafeDirectory(\sprintf('%s is not a directory: remove it, or %s.', $directory, $remedy));
        }
        $me = posix_geteuid();
        $dedicated = '' !== $prefix && self::holdsOnly($directory, $prefix);
        if ($stat['uid'] !== $me) {
            throw new UnsafeDirectory(\sprintf(
                '%s belongs to %s, not to %s who runs Preheat: another user could give it a false inventory '
                .'(a file with side effects recorded as clean). %s.',
                $directory,
                self::user($stat['uid']),
                self::user($me),
                $dedicated
                    ? \sprintf('Remove it (rm -r %s), or %s', escapeshellarg($directory), $remedy)
                    : ucfirst($remedy),
            ));
        }
        if (0 !== ($stat['mode'] & 0o022)) {
            throw new UnsafeDirectory(\sprintf(
                '%s can be written by its group or others (mode %04o): '
                .'another user could give Preheat a false inventory. %s.',
                $directory,
                $stat['mode'] & 0o7777,
                $dedicated
                    ? \sprintf('Run chmod 0700 %s, or %s', escapeshellarg($directory), $remedy)
                    : ucfirst($remedy),
            ));
        }

        return true;
    }

    /**
     * The content of the file $name in $directory, or null when it is missing or anything about it is not as
     * Preheat left it: the directory a link, another user's, writable by others; the file a link, not a
     * regular file, another user's, writable by others, or larger than $maxBytes.
     *
     * ensure() checked the directory by its path, but whoever owns its parent can swap it for another
     * just after: the directory is checked again once open, and the file opened through that open
     * directory (/proc/self/fd), so that what is read is in the directory checked.
     */
    public static function readFile(string $directory, string $name, int $maxBytes): ?string
    {
        if ('' === $name || str_contains($name, '/')) {
            throw new \LogicException('Not a file name: '.$name);
        }
        $handle = @fopen($directory, 'r');
        if (false === $handle) {
            return null;
        }
        try {
            $opened = fstat($handle);
            $atPath = @lstat($directory);
            if (false === $opened || false === $atPath || !self::same($opened, $atPath)
                || 0o040000 !== ($opened['mode'] & 0o170000) || !self::isOwn($opened)) {
                return null;
            }

            return self::readOwnFile(self::openPath($opened) ?? $directory, $name, $maxBytes);
        } finally {
            fclose($handle);
        }
    }

    private static function readOwnFile(string $directory, string $name, int $maxBytes): ?string
    {
        $path = $directory.'/'.$name;
        $file = @fopen($path, 'rbn');
        if (false === $file) {
            return null;
        }
        try {
            $opened = fstat($file);
            $atPath = @lstat($path);
            if (false === $opened || false === $atPath || !self::same($opened, $atPath)
                || 0o100000 !== ($opened['mode'] & 0o170000) || !self::isOwn($opened)
                || $opened['size'] > $maxBytes) {
                return null;
            }
            try {
                return BoundedRead::rest($file, $path, $maxBytes);
            } catch (BoundedReadError) {
                return null;
            }
        } finally {
            fclose($file);
        }
    }

    /**
     * A path to the directory this process holds open, as /proc/self/fd/N: it stays the directory that was
     * checked whatever is renamed meanwhile. Null without /proc: the directory's path, checked just before.
     *
     * @param array<int|string, int> $opened
     */
    private static function openPath(array $opened): ?string
    {
        foreach (@scandir('/proc/self/fd') ?: [] as $descriptor) {
            if (!ctype_digit($descriptor)) {
                continue;
            }
            $path = '/proc/self/fd/'.$descriptor;
            $stat = @stat($path);
            if (false !== $stat && self::same($stat, $opened) && 0o040000 === ($stat['mode'] & 0o170000)) {
                return $path;
            }
        }

        return null;
    }

    /**
     * @param array<int|string, int> $a
     * @param array<int|string, int> $b
     */
    private static function same(array $a, array $b): bool
    {
        return $a['dev'] === $b['dev'] && $a['ino'] === $b['ino'];
    }

    /** @param array<int|string, int> $stat owned by the user running Preheat, and writable by no one else */
    private static function isOwn(array $stat): bool
    {
        return $stat['uid'] === posix_geteuid() && 0 === ($stat['mode'] & 0o022);
    }

    private static function holdsOnly(string $directory, string $prefix): bool
    {
        foreach (@scandir($directory) ?: ['?'] as $entry) {
            if ('.' !== $entry && '..' !== $entry && !str_starts_with(ltrim($entry, '.'), $prefix)) {
                return false;
            }
        }

        return true;
    }

    private static function user(int $uid): string
    {
        $entry = posix_getpwuid($uid);

        return false === $entry ? 'uid '.$uid : $entry['name'];
    }
}
