<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Worker\WorkerAdapter;

/**
 * How the persistent-worker runtime serves the app (`bench.worker` in preheat.json): which adapter boots it
 * (null: told from the app, see WorkerApp), its entry file, after how many requests a worker is replaced
 * (0: never) and the largest request body it takes (bigger ones are answered 413).
 */
final class WorkerSettings
{
    public const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

    public function __construct(
        public readonly string $projectRoot,
        public readonly ?WorkerAdapter $adapter = null,
        public readonly ?string $entry = null,
        public readonly int $maxRequests = 0,
        public readonly int $maxBodyBytes = self::DEFAULT_MAX_BODY_BYTES,
    ) {
    }
}
