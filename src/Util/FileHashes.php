<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Each file's xxh128 hash as this process last read it, with the stat it had then (device, inode, size, mtime,
 * ctime): a generate run hashes every scanned file for its release key and the preloaded ones again for each
 * script it writes (the plan's, then its fitted part's), and reads each file once for all of them. A file whose
 * stat changed is hashed again.
 */
final class FileHashes
{
    /**
     * Most files remembered: far more than any tree scanned holds; past it the memory is given back and
     * files are hashed again.
     */
    private const MAX_FILES = 200000;

    /** @var array<string, array{string, string}> path => [stat key, hash] */
    private static array $hashed = [];

    /** The xxh128 of the file's bytes; null when it is not a regular file or cannot be read. */
    public static function xxh128(string $file): ?string
    {
        // PHP keeps the last stat() it made, even across a write to the file: ask the file system.
        clearstatcache(true, $file);
        $stat = @stat($file);
        if (false === $stat || 0o100000 !== ($stat['mode'] & 0o170000)) {
            return null;
        }
        $key = implode(' ', [$stat['dev'], $stat['ino'], $stat['size'], $stat['mtime'], $stat['ctime']]);
        [$known, $hash] = self::$hashed[$file] ?? ['', ''];
        if ($known === $key) {
            return $hash;
        }
        $hash = @hash_file('xxh128', $file);
        if (false === $hash) {
            return null;
        }
        if (\count(self::$hashed) >= self::MAX_FILES) {
            self::$hashed = [];
        }
        self::$hashed[$file] = [$key, $hash];

        return $hash;
    }
}
