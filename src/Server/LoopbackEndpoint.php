<?php

declare(strict_types=1);

namespace Preheat\Server;

/**
 * Where a runtime listens (a loopback port), and the one way its own status pages are asked: the
 * OPcache probe, php-fpm's or Apache's status, the workers' request count.
 */
final class LoopbackEndpoint
{
    public function __construct(public readonly int $port)
    {
    }

    /** http://127.0.0.1:PORT, without a trailing slash. */
    public function baseUrl(): string
    {
        return \sprintf('http://127.0.0.1:%d', $this->port);
    }

    public function url(string $path): string
    {
        return $this->baseUrl().$path;
    }

    /**
     * The body of a successful GET of the path, or null when the server did not answer or answered
     * an error (a server that is still starting, or has died: its caller says what that means).
     *
     * @param float|null $timeout seconds; null: PHP's default_socket_timeout
     */
    public function get(string $path, ?float $timeout = null): ?string
    {
        $context = null === $timeout ? null : stream_context_create(['http' => ['timeout' => $timeout]]);
        $answer = @file_get_contents($this->url($path), false, $context);

        return false === $answer ? null : $answer;
    }
}
