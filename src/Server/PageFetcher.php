<?php

declare(strict_types=1);

namespace Preheat\Server;

/** One plain GET over loopback, no redirects followed, with a timeout. */
final class PageFetcher implements PageSource
{
    public function __construct(private readonly float $timeout = 10.0)
    {
    }

    public function get(string $url): Page
    {
        if (!str_starts_with($url, 'http://127.0.0.1:')) {
            throw new \LogicException('The benchmark only talks to 127.0.0.1, not '.$url);
        }
        $context = stream_context_create(['http' => [
            'method' => 'GET',
            'timeout' => $this->timeout,
            'ignore_errors' => true,
            'follow_location' => 0,
            'header' => "Connection: close\r\n",
        ]]);
        $error = null;
        set_error_handler(static function (int $level, string $message) use (&$error): bool {
            $error = $message;

            return true;
        });
        try {
            $stream = fopen($url, 'r', false, $context);
            $body = false === $stream ? false : stream_get_contents($stream);
            $headers = false === $stream ? [] : (array) (stream_get_meta_data($stream)['wrapper_data'] ?? []);
            if (false !== $stream) {
                fclose($stream);
            }
        } finally {
            restore_error_handler();
        }
        if (false === $body || [] === $headers) {
            return new Page($url, 0, '', $error ?? 'no response');
        }
        $status = preg_match('{^HTTP/\S+\s+(\d{3})}', (string) $headers[0], $match) ? (int) $match[1] : 0;
        $location = null;
        foreach ($headers as $header) {
            if (preg_match('/^Location:\s*(.*?)\s*$/i', (string) $header, $match)) {
                $location = $match[1];
            }
        }

        return new Page($url, $status, $body, null, $location);
    }
}
