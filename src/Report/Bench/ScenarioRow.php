<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Statistics\ConfidenceInterval;

/** One scenario's line in the report, computed from its runs. */
final class ScenarioRow
{
    /**
     * @param list<string>       $problems why it was not measured, if it was not
     * @param array<int, string> $voidRuns round => why that run does not count
     */
    public function __construct(
        public readonly string $name,
        public readonly string $spec,
        public readonly string $preparation,
        public readonly array $problems,
        public readonly array $voidRuns,
        public readonly ?Spread $requestsPerSecond,
        public readonly ?Spread $timePerRequestMs,
        public readonly ?float $gain,
        public readonly ?ConfidenceInterval $gainInterval,
        public readonly ?float $latencyP50Ms,
        public readonly ?float $latencyP90Ms,
        public readonly ?float $latencyP99Ms,
        public readonly ?int $preloadedClasses,
        public readonly ?int $preloadedScripts,
        public readonly ?int $preloadedFunctions,
        public readonly ?int $preloadMemoryBytes,
        public readonly ?int $opcacheUsedBytes,
        public readonly ?int $workerPssBytes,
        public readonly ?int $workers,
        public readonly ?float $fpmStartSeconds,
        public readonly ?float $toolCpuShare,
    ) {
    }

    public function isMeasured(): bool
    {
        return [] === $this->problems && null !== $this->requestsPerSecond;
    }
}
