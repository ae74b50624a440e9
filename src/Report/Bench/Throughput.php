<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Statistics\PairedComparison;

/** What the load tool measured of one scenario over its valid runs: req/s, time per request, and the paired gain. */
final class Throughput
{
    /**
     * @param float|null            $headlineTimePerRequestMs the baseline's own median; for another scenario, the
     *                                                        baseline's divided by the paired ratio
     * @param PairedComparison|null $comparison               of req/s against the baseline; null for the baseline
     *                                                        itself
     * @param float|null            $toolCpuShare             the share of the machine's CPU time the load tool used
     *                                                        while it ran
     */
    public function __construct(
        public readonly ?Spread $requestsPerSecond,
        public readonly ?Spread $timePerRequestMs,
        public readonly ?float $headlineTimePerRequestMs,
        public readonly ?PairedComparison $comparison,
        public readonly ?float $toolCpuShare,
    ) {
    }
}
