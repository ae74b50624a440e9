<?php

declare(strict_types=1);

namespace Preheat\Server;

/** Loopback ports: the benchmark only ever listens on and sends to 127.0.0.1. */
final class Ports
{
    public static function free(): int
    {
        $server = @stream_socket_server('tcp://127.0.0.1:0', $errno, $error);
        if (false === $server) {
            throw RuntimeError::noLoopback((string) $error);
        }
        $name = (string) stream_socket_get_name($server, false);
        fclose($server);

        return (int) substr($name, (int) strrpos($name, ':') + 1);
    }

    public static function accepts(string $address): bool
    {
        $client = @stream_socket_client($address, $errno, $error, 0.2);
        if (false === $client) {
            return false;
        }
        fclose($client);

        return true;
    }
}
