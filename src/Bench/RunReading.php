<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Server\CpuTimes;
use Preheat\Server\RequestCount;

/**
 * One side of a measured run, as RunMeter read it.
 *
 * @internal
 */
final class RunReading
{
    public function __construct(
        public readonly int|float $nanoseconds,
        public readonly ?CpuTimes $machine,
        public readonly ?float $phpCpuSeconds,
        public readonly ?float $serverCpuSeconds,
        public readonly ?RequestCount $requests = null,
    ) {
    }
}
