<?php

declare(strict_types=1);

namespace Preheat\Worker\Http;

/** Where a request came from and arrived, and the document root it is served from. */
final class Endpoint
{
    public function __construct(
        public readonly string $documentRoot,
        public readonly string $serverAddress,
        public readonly int $serverPort,
        public readonly string $remoteAddress,
        public readonly int $remotePort,
        public readonly string $serverName = '',
    ) {
    }

    /** The same connection as seen by an app that is told it serves the given site (SERVER_NAME, SERVER_PORT). */
    public function servingSite(string $host, int $port): self
    {
        return new self(
            $this->documentRoot,
            $this->serverAddress,
            $port,
            $this->remoteAddress,
            $this->remotePort,
            $host,
        );
    }

    /** From React's "tcp://127.0.0.1:8080" addresses. */
    public static function of(string $documentRoot, ?string $local, ?string $remote): self
    {
        [$serverAddress, $serverPort] = self::split($local);
        [$remoteAddress, $remotePort] = self::split($remote);

        return new self($documentRoot, $serverAddress, $serverPort, $remoteAddress, $remotePort);
    }

    /** @return array{string, int} */
    private static function split(?string $address): array
    {
        $parts = parse_url((string) $address);

        return [trim((string) ($parts['host'] ?? '127.0.0.1'), '[]'), (int) ($parts['port'] ?? 0)];
    }
}
