<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

/** How long one run's requests took, in milliseconds, as its load tool reports them; null: not measured. */
final class Latency
{
    public function __construct(
        public readonly ?float $meanMs = null,
        public readonly ?float $p50Ms = null,
        public readonly ?float $p90Ms = null,
        public readonly ?float $p99Ms = null,
    ) {
    }
}
