<?php

declare(strict_types=1);

namespace Preheat\Deploy;

use Preheat\Php\FastCgi\FastCgiClient;
use Preheat\Util\SocketWrite;

/**
 * The body of the page a URL serves (the status probe, for `status --status-url`): one GET over HTTP/1.0,
 * redirects not followed, with one deadline for connecting, sending and reading together and at most
 * FastCgiClient::MAX_RESPONSE_BYTES received, so that a server that answers a byte at a time, or without
 * end, cannot keep `status` waiting. PHP's http:// wrapper restarts its timeout on every read.
 */
final class StatusPage
{
    /** How long one read waits before PHP may run a signal handler that arrived meanwhile. */
    private const WAIT_SLICE_MICROSECONDS = 200_000;

    /**
     * @throws StatusInputError  when the URL is not one to read over HTTP
     * @throws StatusUnreachable naming the URL and what went wrong
     */
    public static function read(string $url, float $timeoutSeconds): string
    {
        $deadline = microtime(true) + $timeoutSeconds;
        $parts = parse_url($url);
        $scheme = strtolower((string) ($parts['scheme'] ?? ''));
        $host = (string) ($parts['host'] ?? '');
        if (false === $parts || !\in_array($scheme, ['http', 'https'], true) || '' === $host) {
            throw StatusInputError::badUrl($url, 'give an http:// or https:// URL, e.g. http://127.0.0.1/status.php');
        }
        if (1 === preg_match('/[\x00-\x20\x7F]/', $url)) {
            throw StatusInputError::badUrl($url, 'it holds a space or a control character: percent-encode it');
        }
        $port = (int) ($parts['port'] ?? ('https' === $scheme ? 443 : 80));
        $context = stream_context_create(['ssl' => ['peer_name' => trim($host, '[]'), 'SNI_enabled' => true]]);
        $socket = @stream_socket_client(
            ('https' === $scheme ? 'tls://' : 'tcp://').$host.':'.$port,
            $code,
            $message,
            $timeoutSeconds,
            \STREAM_CLIENT_CONNECT,
            $context,
        );
        if (false === $socket) {
            $why = null === $message || '' === $message ? 'cannot connect (error '.$code.')' : $message;

            throw StatusUnreachable::url($url, $why);
        }
        try {
            stream_set_timeout($socket, 0, self::WAIT_SLICE_MICROSECONDS);
            $target = ($parts['path'] ?? '/').(isset($parts['query']) ? '?'.$parts['query'] : '');
            $hostHeader = $host.(isset($parts['port']) ? ':'.$parts['port'] : '');
            $request = "GET $target HTTP/1.0\r\nHost: $hostHeader\r\nConnection: close\r\n\r\n";
            if (null !== SocketWrite::all($socket, $request, $deadline)) {
                throw StatusUnreachable::url($url, 'the server did not take the request');
            }
            $answer = self::receive($socket, $url, $timeoutSeconds, $deadline);
        } finally {
            fclose($socket);
        }
        $end = strpos($answer, "\r\n\r\n");
        if (!str_starts_with($answer, 'HTTP/') || false === $end) {
            throw StatusUnreachable::url($url, 'the server did not answer over HTTP');
        }

        return substr($answer, $end + 4);
    }

    /**
     * Everything until the server closes the connection.
     *
     * @param resource $socket
     */
    private static function receive($socket, string $url, float $timeoutSeconds, float $deadline): string
    {
        $answer = '';
        while (!feof($socket)) {
            if (microtime(true) >= $deadline) {
                throw StatusUnreachable::url($url, \sprintf('no whole answer within %.0f s', $timeoutSeconds));
            }
            $chunk = fread($socket, 65536);
            if (false === $chunk || '' === $chunk) {
                if (stream_get_meta_data($socket)['timed_out'] || feof($socket)) {
                    continue; // a slice of the wait went by, or the answer is complete
                }
                throw StatusUnreachable::url($url, 'the connection broke');
            }
            $answer .= $chunk;
            if (\strlen($answer) > FastCgiClient::MAX_RESPONSE_BYTES) {
                throw StatusUnreachable::url($url, \sprintf(
                    'the answer is larger than %s bytes: not the probe\'s',
                    number_format(FastCgiClient::MAX_RESPONSE_BYTES),
                ));
            }
        }

        return $answer;
    }
}
