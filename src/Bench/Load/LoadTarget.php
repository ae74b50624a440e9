<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

/**
 * What a load generator hits: the pages through the web server (wrk cycles through all of them in
 * one run), or the front controller in-process with the scenario's php.ini.
 */
final class LoadTarget
{
    /** @param list<string> $paths */
    public function __construct(
        public readonly string $baseUrl,
        public readonly array $paths,
        public readonly string $phpIni,
        public readonly string $documentRoot,
        public readonly string $frontController,
    ) {
    }
}
