<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use PHPUnit\Framework\Assert;

/** Bytes over a loopback socket, for tests of the worker's HTTP handling: what a client writes, exactly, and one response read back. */
final class RawHttp
{
    /** @return resource */
    public static function connect(int $port)
    {
        $socket = stream_socket_client('tcp://127.0.0.1:'.$port, $errno, $error, 10.0);
        Assert::assertIsResource($socket, (string) $error);
        stream_set_timeout($socket, 20);

        return $socket;
    }

    /**
     * Reads one response (Content-Length framed); null when the connection ended before one began and $allowClosed.
     *
     * @param resource $socket
     *
     * @return ($allowClosed is true ? array{status: int, headers: array<string, string>, cookies: list<string>, body: string}|null : array{status: int, headers: array<string, string>, cookies: list<string>, body: string})
     */
    public static function response($socket, bool $allowClosed = false): ?array
    {
        $head = '';
        while (!str_contains($head, "\r\n\r\n")) {
            $byte = fread($socket, 1);
            if (false === $byte || '' === $byte) {
                if ($allowClosed && '' === $head) {
                    return null;
                }
                Assert::fail('the connection ended before a response head: '.var_export($head, true));
            }
            $head .= $byte;
        }
        $lines = explode("\r\n", trim($head));
        Assert::assertMatchesRegularExpression('#^HTTP/1\.1 \d{3} #', $lines[0]);
        $headers = [];
        $cookies = [];
        foreach (\array_slice($lines, 1) as $line) {
            [$name, $value] = explode(':', $line, 2);
            $headers[strtolower($name)] = trim($value);
            if ('set-cookie' === strtolower($name)) {
                $cookies[] = trim($value);
            }
        }
        $length = (int) ($headers['content-length'] ?? 0);
        $body = '';
        while (\strlen($body) < $length) {
            $chunk = fread($socket, max(1, min(65536, $length - \strlen($body))));
            if (false === $chunk || '' === $chunk) {
                Assert::fail('the connection ended mid-body');
            }
            $body .= $chunk;
        }

        return ['status' => (int) substr($lines[0], 9, 3), 'headers' => $headers, 'cookies' => $cookies, 'body' => $body];
    }
}
