<?php

declare(strict_types=1);

namespace Preheat\Php\FastCgi;

use Preheat\Util\SocketWrite;

/**
 * Runs one PHP script in a running php-fpm by speaking FastCGI to it (the responder role, one request
 * per connection), as a web server would: BEGIN_REQUEST, the params, an empty stdin, then reads
 * stdout and stderr records until END_REQUEST. Enough to ask a pool what it preloaded; not a web server.
 * Whatever the peer does, a request ends within the timeout (connecting, sending and reading together)
 * having received at most the response cap (every byte of every record counts).
 */
final class FastCgiClient
{
    /** How long one read waits before PHP may run a signal handler that arrived meanwhile. */
    private const WAIT_SLICE_MICROSECONDS = 200_000;

    private const VERSION = 1;
    private const BEGIN_REQUEST = 1;
    private const END_REQUEST = 3;
    private const PARAMS = 4;
    private const STDIN = 5;
    private const STDOUT = 6;
    private const STDERR = 7;
    private const RESPONDER = 1;
    private const REQUEST_ID = 1;

    /** A status probe answers in kilobytes, a pool's hit counts in a few megabytes: more is not an answer to us. */
    public const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

    public function __construct(
        private readonly float $timeoutSeconds = 10.0,
        private readonly int $maxResponseBytes = self::MAX_RESPONSE_BYTES,
    ) {
    }

    /**
     * Runs one PHP file of the pool's own (a probe Preheat placed in $documentRoot) as a GET request from
     * 127.0.0.1, with the CGI environment php-fpm needs to find it.
     */
    public function runScript(
        string $address,
        string $script,
        string $documentRoot,
        string $software,
    ): FastCgiResponse {
        return $this->request($address, [
            'GATEWAY_INTERFACE' => 'FastCGI/1.0',
            'REQUEST_METHOD' => 'GET',
            'SCRIPT_FILENAME' => $script,
            'SCRIPT_NAME' => '/'.basename($script),
            'REQUEST_URI' => '/'.basename($script),
            'DOCUMENT_ROOT' => $documentRoot,
            'QUERY_STRING' => '',
            'SERVER_PROTOCOL' => 'HTTP/1.1',
            'SERVER_SOFTWARE' => $software,
            'REMOTE_ADDR' => '127.0.0.1',
            'SERVER_NAME' => 'localhost',
        ]);
    }

    /**
     * @param string                $address "HOST:PORT", "unix:/path" or a socket's path
     * @param array<string, string> $params  SCRIPT_FILENAME and the rest of the CGI environment
     */
    public function request(string $address, array $params): FastCgiResponse
    {
        // One deadline for the whole exchange: a peer that answers a byte at a time cannot stretch it.
        $deadline = microtime(true) + $this->timeoutSeconds;
        $socket = $this->connect($address);
        try {
            $begin = self::record(self::BEGIN_REQUEST, pack('nCx5', self::RESPONDER, 0));
            $this->write($socket, $address, $begin, $deadline);
            $body = '';
            foreach ($params as $name => $value) {
                $body .= self::length(\strlen($name)).self::length(\strlen($value)).$name.$value;
            }
            $records = '';
            foreach ('' === $body ? [] : str_split($body, 65535) as $chunk) {
                $records .= self::record(self::PARAMS, $chunk);
            }
            $this->write(
                $socket,
                $address,
                $records.self::record(self::PARAMS, '').self::record(self::STDIN, ''),
                $deadline,
            );

            return $this->read($socket, $address, $deadline);
        } finally {
            fclose($socket);
        }
    }

    /** @return resource */
    private function connect(string $address)
    {
        $target = match (true) {
            str_starts_with($address, 'unix:') => 'unix://'.substr($address, 5),
            str_starts_with($address, '/') => 'unix://'.$address,
            default => 'tcp://'.$address,
        };
        $socket = @stream_socket_client($target, $code, $message, $this->timeoutSeconds);
        if (false === $socket) {
            $why = null === $message || '' === $message ? 'error '.$code : $message;
            throw FastCgiError::cannotConnect($address, $why);
        }
        // Waits come in short slices, each a point where PHP runs a pending signal handler: a blocking read of
        // the whole timeout would keep Ctrl-C or SIGTERM waiting until php-fpm answers or the time is up.
        stream_set_timeout($socket, 0, self::WAIT_SLICE_MICROSECONDS);

        return $socket;
    }

    /** @param resource $socket */
    private function write($socket, string $address, string $bytes, float $deadline): void
    {
        match (SocketWrite::all($socket, $bytes, $deadline)) {
            null => null,
            SocketWrite::CLOSED => throw FastCgiError::broken(
                $address,
                'the connection closed while sending the request',
            ),
            SocketWrite::DEADLINE => throw FastCgiError::broken(
                $address,
                \sprintf('no room to send within %.0f s', $this->timeoutSeconds),
            ),
        };
    }

    /** @param resource $socket */
    private function read($socket, string $address, float $deadline): FastCgiResponse
    {
        $stdout = '';
        $stderr = '';
        // Every byte counts against the cap, headers, padding and records of any type included: records
        // that carry nothing or that we ignore are still an answer without end.
        $received = 0;
        while (true) {
            $header = $this->readBytes($socket, $address, 8, $deadline);
            /** @var array{version: int, type: int, id: int, length: int, padding: int} $h */
            $h = unpack('Cversion/Ctype/nid/nlength/Cpadding/x', $header);
            $content = $this->readBytes($socket, $address, $h['length'], $deadline);
            $this->readBytes($socket, $address, $h['padding'], $deadline);
            $received += 8 + $h['length'] + $h['padding'];
            match ($h['type']) {
                self::STDOUT => $stdout .= $content,
                self::STDERR => $stderr .= $content,
                default => null,
            };
            if ($received > $this->maxResponseBytes) {
                throw FastCgiError::broken($address, \sprintf(
                    'the answer is larger than %s bytes: not the probe\'s',
                    number_format($this->maxResponseBytes),
                ));
            }
            if (self::END_REQUEST === $h['type']) {
                // Its body is the app's status and the protocol's (8 bytes): without them it is no php-fpm's end.
                if (\strlen($content) < 5) {
                    throw FastCgiError::broken($address, 'php-fpm ended the request without the status of its end');
                }
                /** @var array{status: int, protocol: int} $end */
                $end = unpack('Nstatus/Cprotocol', $content);

                return FastCgiResponse::parse($stdout, $stderr, $end['status']);
            }
        }
    }

    /** @param resource $socket */
    private function readBytes($socket, string $address, int $length, float $deadline): string
    {
        $bytes = '';
        while (($missing = $length - \strlen($bytes)) > 0) {
            if (microtime(true) >= $deadline) {
                throw FastCgiError::broken($address, \sprintf('no whole answer within %.0f s', $this->timeoutSeconds));
            }
            $chunk = fread($socket, $missing);
            if (false !== $chunk && '' !== $chunk) {
                $bytes .= $chunk;
                continue;
            }
            if (!stream_get_meta_data($socket)['timed_out'] || feof($socket)) {
                throw FastCgiError::broken($address, 'php-fpm closed the connection before the end of the response');
            }
        }

        return $bytes;
    }

    private static function record(int $type, string $content): string
    {
        $padding = (8 - \strlen($content) % 8) % 8;

        return pack('CCnnCx', self::VERSION, $type, self::REQUEST_ID, \strlen($content), $padding)
            .$content.str_repeat("\0", $padding);
    }

    private static function length(int $length): string
    {
        return $length < 128 ? \chr($length) : pack('N', $length | 0x80000000);
    }
}
