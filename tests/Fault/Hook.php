<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault;

/** What a case does to Preheat while it runs; each returns true once done. */
final class Hook
{
    /** @return \Closure(Watch): bool sends $signal to Preheat once its output matches $pattern */
    public static function signalOnOutput(string $pattern, int $signal, float $delay = 0.0): \Closure
    {
        $matched = null;

        return static function (Watch $watch) use ($pattern, $signal, $delay, &$matched): bool {
            if (null === $matched && 1 === preg_match($pattern, $watch->output())) {
                $matched = microtime(true);
            }
            if (null === $matched || microtime(true) - $matched < $delay) {
                return false;
            }
            $watch->signal($signal);

            return true;
        };
    }

    /** @return \Closure(Watch): bool sends $signal to Preheat once $file exists */
    public static function signalOnFile(string $file, int $signal): \Closure
    {
        return static function (Watch $watch) use ($file, $signal): bool {
            if (!file_exists($file)) {
                return false;
            }
            $watch->signal($signal);

            return true;
        };
    }

    /** @return \Closure(Watch): bool sends $signal to Preheat after $seconds */
    public static function signalAfter(float $seconds, int $signal): \Closure
    {
        return static function (Watch $watch) use ($seconds, $signal): bool {
            if ($watch->seconds() < $seconds) {
                return false;
            }
            $watch->signal($signal);

            return true;
        };
    }

    /**
     * Kills a server Preheat started (by the PID in its pid file, e.g. fpm.pid or nginx.pid) once the output matches $pattern.
     *
     * @return \Closure(Watch): bool
     */
    public static function killServerOnOutput(string $pattern, string $pidFile): \Closure
    {
        return static function (Watch $watch) use ($pattern, $pidFile): bool {
            if (1 !== preg_match($pattern, $watch->output())) {
                return false;
            }
            $pid = $watch->pidFromFile($pidFile);
            if (null === $pid) {
                return false;
            }
            posix_kill($pid, \SIGKILL);

            return true;
        };
    }

    /**
     * Once the output matches $pattern, calls $check with the port the bench's web server listens on
     * (the last "on 127.0.0.1:PORT" said); $check reports what is wrong through the watch.
     *
     * @param \Closure(Watch, int): void $check
     *
     * @return \Closure(Watch): bool
     */
    public static function onServer(string $pattern, \Closure $check): \Closure
    {
        return static function (Watch $watch) use ($pattern, $check): bool {
            $output = $watch->output();
            if (1 !== preg_match($pattern, $output) || 0 === preg_match_all('{on 127\.0\.0\.1:(\d+)}', $output, $ports)) {
                return false;
            }
            $check($watch, (int) end($ports[1]));

            return true;
        };
    }

    /** A raw GET to 127.0.0.1:$port, bounded in time: the status line and body, or '' when nothing answered. */
    public static function get(int $port, string $path): string
    {
        $socket = @stream_socket_client('tcp://127.0.0.1:'.$port, $errno, $error, 2.0);
        if (false === $socket) {
            return '';
        }
        // Ten times what a fixture page takes on an idle machine: a page that is slow on a busy one is still read.
        stream_set_timeout($socket, 30);
        fwrite($socket, "GET $path HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n");
        $response = (string) stream_get_contents($socket, 1 << 20);
        fclose($socket);

        return $response;
    }
}
