<?php

declare(strict_types=1);

namespace Preheat\Worker;

/** What bounds one worker: requests before it is replaced (0: none), a request body's size, seconds idle. */
final class WorkerLimits
{
    public function __construct(
        public readonly int $maxRequests,
        public readonly int $maxBodyBytes,
        public readonly float $idleTimeout = 30.0,
    ) {
    }
}
