<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\StartupWarnings;

/** What one scenario's server took besides the preload: memory, workers, time to start, and what it logged then. */
final class ServerFootprint
{
    /**
     * @param int|null             $workerPssBytes the PSS of its PHP workers added up, after the last round
     * @param int|null             $workers        how many PHP workers that PSS is of
     * @param StartupWarnings|null $warnings       the warnings its server logged while it started; null when it did
     *                                             not start
     */
    public function __construct(
        public readonly ?int $opcacheUsedBytes,
        public readonly ?int $workerPssBytes,
        public readonly ?int $workers,
        public readonly ?float $fpmStartSeconds,
        public readonly ?StartupWarnings $warnings,
    ) {
    }
}
