<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\InvalidSetting;
use Preheat\Setting;

/** Loopback ports: the benchmark only ever listens on and sends to 127.0.0.1. */
final class Ports
{
    /**
     * Names the port every bench server listens on instead of a free one: a seam for tests that need a
     * server to meet a port already taken. Never needed otherwise.
     */
    public const PORT_VARIABLE = 'PREHEAT_BENCH_PORT';

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

    /**
     * The port a bench server is to listen on: a free one (or PREHEAT_BENCH_PORT's), checked free by
     * binding it, so that a port someone else holds is named as such before anything starts.
     *
     * @throws RuntimeError when another process listens there
     */
    public static function forServer(): int
    {
        $forced = getenv(self::PORT_VARIABLE);
        $port = false === $forced || '' === $forced ? self::free() : self::forced($forced);
        $server = @stream_socket_server('tcp://127.0.0.1:'.$port, $errno, $error);
        if (false === $server) {
            throw RuntimeError::portInUse($port, self::holder($port), 'Binding it said: '.$error);
        }
        fclose($server);

        return $port;
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

    /**
     * Whether the socket listening on 127.0.0.1:$port belongs to one of $pids: a readiness check only
     * connects, and another process listening on the same port would pass it. Null when the system
     * does not say (no /proc, or no such listener at all).
     *
     * @param list<int> $pids
     */
    public static function listenerOwnedBy(int $port, array $pids): ?bool
    {
        $inodes = self::listeningInodes($port);
        if ([] === $inodes) {
            return null;
        }
        foreach ($pids as $pid) {
            if (self::holdsAny($pid, $inodes)) {
                return true;
            }
        }

        return false;
    }

    /**
     * After a server answered on $port: refuses the start when the listener there is not one of the
     * server's processes, or when its log says the port was taken (answering is not enough: another
     * process listening on the port answers too).
     *
     * @param list<int> $pids   the server's processes
     * @param string    $server what it is, as a message names it: "nginx", "Apache", "The worker server"
     * @param string    $log    what its log says so far, where it retries a bind() it then gives up
     *
     * @throws RuntimeError
     */
    public static function assertHeldBy(int $port, array $pids, string $server, string $log = ''): void
    {
        $inUse = RuntimeError::addressInUse($log);
        if (null !== $inUse || false === self::listenerOwnedBy($port, $pids)) {
            $error = RuntimeError::portInUse(
                $port,
                self::holder($port),
                $inUse ?? $server.' does not hold the socket listening there.',
            );
            throw $error;
        }
    }

    /**
     * A server's start that failed, told as the port taken when its log or output says so (Apache says so
     * before it opens its log), else the failure as it was.
     */
    public static function failedStart(RuntimeError $error, int $port, string $server, string $log): RuntimeError
    {
        $inUse = RuntimeError::addressInUse($log."\n".$error->getMessage());

        return null === $inUse ? $error : RuntimeError::portInUse($port, self::holder($port), $server.' said: '.$inUse);
    }

    /** Who listens on 127.0.0.1:$port, as "PID 123: its command line", or what is known of it. */
    public static function holder(int $port): string
    {
        $inodes = self::listeningInodes($port);
        if ([] !== $inodes) {
            foreach (glob('/proc/[0-9]*', \GLOB_ONLYDIR) ?: [] as $directory) {
                $pid = (int) basename($directory);
                if (self::holdsAny($pid, $inodes)) {
                    $command = trim(str_replace("\0", ' ', (string) @file_get_contents($directory.'/cmdline')));

                    return \sprintf('PID %d: %s', $pid, mb_strimwidth('' === $command ? '?' : $command, 0, 120, '…'));
                }
            }
        }

        return 'not one of Preheat\'s';
    }

    private static function forced(string $value): int
    {
        if (1 !== preg_match('/^\d{1,5}$/D', $value) || (int) $value < 1 || (int) $value > 65535) {
            $error = InvalidSetting::because(
                Setting::Config,
                \sprintf(
                    'The environment variable %s is "%s": give a port number (1-65535), or unset it to let Preheat'
                    .' pick free ports.',
                    self::PORT_VARIABLE,
                    $value,
                ),
            );
            throw $error;
        }

        return (int) $value;
    }

    /** @return list<string> the inodes of the sockets listening on 127.0.0.1:$port or on any address at $port */
    private static function listeningInodes(int $port): array
    {
        $inodes = [];
        foreach (['/proc/net/tcp', '/proc/net/tcp6'] as $table) {
            $lines = @file($table, \FILE_IGNORE_NEW_LINES | \FILE_SKIP_EMPTY_LINES);
            foreach (false === $lines ? [] : \array_slice($lines, 1) as $line) {
                $fields = preg_split('/\s+/', trim($line)) ?: [];
                // local address (hex IP:hex port), state (0A: LISTEN), inode
                if (\count($fields) < 10 || '0A' !== $fields[3]) {
                    continue;
                }
                [$address, $hexPort] = explode(':', $fields[1]) + ['', ''];
                $loopbackOrAny = \in_array(
                    $address,
                    [
                        '0100007F',
                        '00000000',
                        '00000000000000000000000000000000',
                        '00000000000000000000000001000000',
                        '0000000000000000FFFF00000100007F',
                    ],
                    true,
                );
                if ($loopbackOrAny && hexdec($hexPort) === $port) {
                    $inodes[] = $fields[9];
                }
            }
        }

        return $inodes;
    }

    /**
     * Whether process $pid holds open one of the sockets $inodes.
     *
     * @param list<string> $inodes
     */
    private static function holdsAny(int $pid, array $inodes): bool
    {
        foreach (@scandir('/proc/'.$pid.'/fd') ?: [] as $fd) {
            $target = @readlink('/proc/'.$pid.'/fd/'.$fd);
            if (false !== $target && 1 === preg_match(
                '/^socket:\[(\d+)\]$/',
                $target,
                $match,
            ) && \in_array($match[1], $inodes, true)) {
                return true;
            }
        }

        return false;
    }
}
