<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

use Preheat\Config\IntegerSettings;

/** How hard and how long to load a page: the same for every scenario in a run. */
final class LoadSettings
{
    public function __construct(
        public readonly float $duration,
        public readonly int $concurrency,
        public readonly float $timeout = 10.0,
        public readonly int $threads = 1,
        /** The values of the settings the tool declares for itself (LoadTool::settings()). */
        public readonly IntegerSettings $tool = new IntegerSettings(),
    ) {
    }

    /**
     * How long a load tool running for $duration seconds may take before it is stopped: the run, the
     * last request's timeout, and slack for the tool's own start and summary.
     */
    public function toolTimeLimit(float $duration): float
    {
        return $duration + $this->timeout + 30;
    }
}
