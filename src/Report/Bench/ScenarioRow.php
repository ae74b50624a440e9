<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\StartupWarnings;
use Preheat\Bench\Statistics\PairedComparison;

/** One scenario's line in the report, computed from its runs. */
final class ScenarioRow
{
    /**
     * @param list<string>                 $problems                 why it was not measured, if it was not
     * @param array<int, string>           $voidRuns                 round => why that run does not count
     * @param float|null                   $headlineTimePerRequestMs the baseline's own median; for another scenario,
     *                                                               the baseline's divided by the paired ratio
     * @param PairedComparison|null        $comparison               of req/s against the baseline; null for the
     *                                                               baseline itself
     * @param array<string, MetricSummary> $metrics                  by Metric value, every metric this scenario or the
     *                                                               baseline measured (req/s included)
     * @param list<RoundRun>               $runs                     every run in round order, void ones too
     * @param StartupWarnings|null         $warnings                 the warnings its server logged while it
     *                                                               started; null when it did not start
     */
    public function __construct(
        public readonly string $name,
        public readonly string $spec,
        public readonly string $preparation,
        public readonly array $problems,
        public readonly array $voidRuns,
        public readonly ?Spread $requestsPerSecond,
        public readonly ?Spread $timePerRequestMs,
        public readonly ?float $headlineTimePerRequestMs,
        public readonly ?PairedComparison $comparison,
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
        /** Why it was not measured although nothing is wrong (a rung that does not apply), else null */
        public readonly ?string $skipped = null,
        public readonly array $metrics = [],
        public readonly array $runs = [],
        public readonly ?StartupWarnings $warnings = null,
    ) {
    }

    public function metric(Metric $metric): ?MetricSummary
    {
        return $this->metrics[$metric->value] ?? null;
    }

    /** The paired gain as a fraction (0.20 for +20 %); null for the baseline. */
    public function gain(): ?float
    {
        return $this->comparison?->gain();
    }

    public function isMeasured(): bool
    {
        return [] === $this->problems && null === $this->skipped && null !== $this->requestsPerSecond;
    }
}
