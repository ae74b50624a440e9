<?php

declare(strict_types=1);

namespace Preheat\Worker;

/**
 * The paths the workers answer themselves instead of the app: the OPcache probe (statusPath, which runs
 * statusScript) and the request counts (countPath, php-fpm's status format); null: not served.
 */
final class StatusEndpoints
{
    public function __construct(
        public readonly ?string $statusPath = null,
        public readonly ?string $statusScript = null,
        public readonly ?string $countPath = null,
    ) {
    }
}
