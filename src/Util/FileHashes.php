<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Each file's xxh128 hash as this process last read it, with the stat it had then (device, inode, size, mtime,
 * ctime): a generate run hashes every scanned file for its release key and the preloaded ones again for each
 * script it writes (the plan's, then its fitted part's), and reads each file once for all of them. A file whose
 * stat changed is hashed again.
 *
 * Kept for the next run too (load(), save(): a file in the parse cache's private directory): a run on the same
 * files then reads none of them to hash it, since a file of the same device, inode, size, mtime and ctime is the
 * file hashed before. What is read is checked entry by entry (a path, its stat and a hash of 32 hex digits);
 * anything else is ignored and the file hashed again.
 */
final class FileHashes
{
    private const FORMAT = 'preheat-file-hashes-1';

    /** The most the saved hashes may weigh: those of the most files remembered are some 40 MB. */
    private const MAX_BYTES = 64 * 1024 * 1024;

    /** Whether a file was hashed since load(): only then is there anything new to save. */
    private static bool $changed = false;

    /**
     * Most files remembered: far more than any tree scanned holds; past it the memory is given back and
     * files are hashed again.
     */
    private const MAX_FILES = 200000;

    /** @var array<string, array{string, string}> path => [stat key, hash] */
    private static array $hashed = [];

    /**
     * The xxh128 of the file's bytes; null when it is not a regular file or cannot be read.
     *
     * @param array<int|string, int>|null $stat the file's stat() as the caller just took it, or null: taken here
     */
    public static function xxh128(string $file, ?array $stat = null): ?string
    {
        if (null === $stat) {
            // PHP keeps the last stat() it made, even across a write to the file: ask the file system.
            clearstatcache();
            $stat = @stat($file);
        }
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
        self::$changed = true;

        return $hash;
    }

    /** The file the hashes of the project whose parse cache is $cacheFile are kept in, beside it. */
    public static function fileBeside(string $cacheFile): string
    {
        return \dirname($cacheFile).'/file-hashes-'.substr(hash('sha256', basename($cacheFile)), 0, 16).'.bin';
    }

    /**
     * Remembers the hashes save() wrote into $file (in a directory of Preheat's own, PrivateDirectory), each for
     * the stat it was taken with. A file that is missing, not Preheat's or not as save() writes it is ignored.
     */
    public static function load(string $file): void
    {
        $content = PrivateDirectory::readFile(\dirname($file), basename($file), self::MAX_BYTES);
        $data = null === $content ? false : BoundedRead::unserialize($content, 4);
        if (!\is_array($data) || self::FORMAT !== ($data['format'] ?? null) || !\is_array($data['files'] ?? null)) {
            return;
        }
        foreach ($data['files'] as $path => $entry) {
            if (\count(self::$hashed) >= self::MAX_FILES) {
                break;
            }
            if (\is_string($path) && \is_array($entry) && \is_string($entry[0] ?? null) && \is_string($entry[1] ?? null)
                && 1 === preg_match('{^\d+ \d+ \d+ \d+ \d+$}D', $entry[0])
                && 1 === preg_match('{^[0-9a-f]{32}$}D', $entry[1])) {
                self::$hashed[$path] ??= [$entry[0], $entry[1]];
            }
        }
    }

    /**
     * Writes the hashes of $paths this process knows into $file for the next run (atomically, readable by the
     * owner alone), when one was taken since load(); a file that cannot be written only costs time.
     *
     * @param list<string> $paths the files of the run: those of other runs are left out
     */
    public static function save(string $file, array $paths): void
    {
        if (!self::$changed) {
            return;
        }
        try {
            AtomicFile::write(
                $file,
                serialize([
                    'format' => self::FORMAT,
                    'files' => array_intersect_key(self::$hashed, array_flip($paths)),
                ]),
                AtomicFile::PRIVATE,
            );
            self::$changed = false;
        } catch (\RuntimeException) {
            // The next run hashes the files again.
        }
    }
}
