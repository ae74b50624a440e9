<?php

declare(strict_types=1);

namespace Preheat\Worker;

/**
 * The site the app sees on every request: host as Host and SERVER_NAME, port as SERVER_PORT; a null host: what
 * the client sent and the port it connected to.
 */
final class SiteAddress
{
    public function __construct(
        public readonly ?string $host = null,
        public readonly int $port = 80,
    ) {
    }
}
