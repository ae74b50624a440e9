<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Sends every byte to a socket whose reads and writes wait in short slices (stream_set_timeout), within one
 * deadline for the whole exchange: a peer that takes a byte at a time cannot stretch it.
 */
final class SocketWrite
{
    public const CLOSED = 'closed';
    public const DEADLINE = 'deadline';

    /**
     * @param resource $socket
     *
     * @return self::CLOSED|self::DEADLINE|null why not every byte was sent; null when all were
     */
    public static function all($socket, string $bytes, float $deadline): ?string
    {
        while ('' !== $bytes) {
            $written = @fwrite($socket, $bytes);
            if (false !== $written && $written > 0) {
                $bytes = substr($bytes, $written);
                continue;
            }
            // A full buffer waits in slices too; a closed connection (or no room until the deadline) ends it.
            if (false === $written || !stream_get_meta_data($socket)['timed_out']) {
                return self::CLOSED;
            }
            if (microtime(true) >= $deadline) {
                return self::DEADLINE;
            }
        }

        return null;
    }
}
