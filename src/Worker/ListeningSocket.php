<?php

declare(strict_types=1);

namespace Preheat\Worker;

/**
 * The one listening socket every worker accepts from. The master opens it before it forks, so connections
 * wait in its queue while a worker restarts; each worker hands its file descriptor to react/socket's FdServer.
 */
final class ListeningSocket
{
    /** @return resource */
    public static function open(string $host, int $port)
    {
        $context = stream_context_create(['socket' => ['backlog' => 511]]);
        $socket = @stream_socket_server(
            \sprintf('tcp://%s:%d', $host, $port),
            $errno,
            $error,
            \STREAM_SERVER_BIND | \STREAM_SERVER_LISTEN,
            $context,
        );
        if (false === $socket) {
            throw new \RuntimeException(\sprintf('Cannot listen on %s:%d: %s', $host, $port, $error));
        }

        return $socket;
    }

    /**
     * The descriptor number of $socket in this process: PHP does not say it, /proc does (the descriptor whose
     * link names the socket's inode).
     *
     * @param resource $socket
     */
    public static function descriptor($socket): int
    {
        $inode = fstat($socket)['ino'] ?? null;
        foreach (scandir('/proc/self/fd') ?: [] as $fd) {
            if (ctype_digit($fd) && @readlink('/proc/self/fd/'.$fd) === 'socket:['.$inode.']') {
                return (int) $fd;
            }
        }
        throw new \RuntimeException(
            'Cannot find the listening socket\'s descriptor in /proc/self/fd (the worker needs Linux).',
        );
    }
}
