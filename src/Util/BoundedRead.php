<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Reads a file no larger than a limit, and JSON no deeper than one: what Preheat reads from the user's files
 * and its own caches. A file far larger than any of its kind (a 50 MB "PHP file", a planted cache) is refused
 * before it is read whole, so that nothing it holds can make Preheat run out of memory.
 *
 * Only regular files are read (a FIFO would block, a device never end); the read stops at the limit should
 * the file grow meanwhile.
 */
final class BoundedRead
{
    /** A configuration file (an ini, a pool, a bootstrap) far larger than any written by hand. */
    public const TEXT_BYTES = 16 * 1024 * 1024;

    /** Deeper than any configuration, report or cache of Preheat's nests. */
    public const DEPTH = 64;

    /** What a file that grew while it was read is read on by. */
    private const CHUNK_BYTES = 1048576;

    /** @throws BoundedReadError naming the file and why it was not read */
    public static function file(string $path, int $maxBytes): string
    {
        // 'n': O_NONBLOCK, so that opening a FIFO does not wait for a writer; a regular file ignores it.
        $handle = @fopen($path, 'rbn');
        if (false === $handle) {
            throw new BoundedReadError($path, file_exists($path) ? 'it cannot be read' : 'no such file');
        }
        try {
            $stat = fstat($handle);
            if (false === $stat || 0o100000 !== ($stat['mode'] & 0o170000)) {
                throw new BoundedReadError(
                    $path,
                    false !== $stat && 0o040000 === ($stat['mode'] & 0o170000)
                        ? 'it is a directory'
                        : 'it is not a regular file',
                );
            }
            if ($stat['size'] > $maxBytes) {
                throw BoundedReadError::tooLarge($path, $maxBytes);
            }

            return self::rest($handle, $path, $maxBytes);
        } finally {
            fclose($handle);
        }
    }

    /**
     * What is left of a file open for reading (checked by the caller), refused past $maxBytes.
     *
     * @param resource $handle
     *
     * @throws BoundedReadError
     */
    public static function rest($handle, string $path, int $maxBytes): string
    {
        // stream_get_contents() allocates the whole length it is given before it reads: asked for the bound, it took
        // 512 MB to read a 60 MB parse cache. Ask for what the file holds and a byte more (to see it end there).
        $stat = @fstat($handle);
        $position = @ftell($handle);
        $left = false === $stat || false === $position ? $maxBytes : max(0, $stat['size'] - $position);
        $content = stream_get_contents($handle, min($maxBytes, $left) + 1);
        if (false === $content) {
            throw new BoundedReadError($path, 'it cannot be read');
        }
        // It grew meanwhile: read on, a chunk at a time, up to a byte past the bound.
        while (\strlen($content) <= $maxBytes && !feof($handle)) {
            $more = stream_get_contents($handle, min(self::CHUNK_BYTES, $maxBytes + 1 - \strlen($content)));
            if (false === $more || '' === $more) {
                break;
            }
            $content .= $more;
        }
        if (\strlen($content) > $maxBytes) {
            throw BoundedReadError::tooLarge($path, $maxBytes);
        }

        return $content;
    }

    /**
     * What serialize() wrote of arrays and scalars, unserialized with no class allowed (an object in it stays
     * an incomplete one, which no caller takes for data) and at most $depth levels deep; false when it is not.
     *
     * @param int<1, max> $depth
     */
    public static function unserialize(string $content, int $depth = self::DEPTH): mixed
    {
        return @unserialize($content, ['allowed_classes' => false, 'max_depth' => $depth]);
    }

    /** The file's content, or null where file() would refuse it: for what does without a file it cannot read. */
    public static function orNull(string $path, int $maxBytes): ?string
    {
        try {
            return self::file($path, $maxBytes);
        } catch (BoundedReadError) {
            return null;
        }
    }

    /**
     * The file's JSON, decoded to arrays ($associative) or objects.
     *
     * @param int<1, max> $depth
     *
     * @throws BoundedReadError as file()
     * @throws \JsonException   when it is not JSON or nests deeper than $depth
     */
    public static function json(
        string $path,
        int $maxBytes,
        bool $associative = true,
        int $depth = self::DEPTH,
    ): mixed {
        return json_decode(self::file($path, $maxBytes), $associative, $depth, \JSON_THROW_ON_ERROR);
    }

    /** A limit as people say it: "8 MB", "512 bytes". */
    public static function describe(int $bytes): string
    {
        return $bytes >= 1048576 && 0 === $bytes % 1048576
            ? \sprintf('%d MB', intdiv($bytes, 1048576))
            : \sprintf('%d bytes', $bytes);
    }
}
