<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\ScenarioSetup;

/** One scenario's line in the report, computed from its runs. */
final class ScenarioRow
{
    /**
     * @param list<string>                 $problems why it was not measured, if it was not
     * @param string|null                  $skipped  why it was not measured although nothing is wrong (a rung that
     *                                               does not apply), else null
     * @param array<string, MetricSummary> $metrics  by Metric value, every metric this scenario or the baseline
     *                                               measured (req/s included)
     * @param list<RoundRun>               $runs     every run in round order, void ones too
     */
    public function __construct(
        public readonly string $name,
        public readonly ScenarioSetup $setup,
        public readonly array $problems,
        public readonly Throughput $throughput,
        public readonly LatencyPercentiles $latency,
        public readonly PreloadFootprint $preload,
        public readonly ServerFootprint $server,
        public readonly ?string $skipped = null,
        public readonly array $metrics = [],
        public readonly array $runs = [],
    ) {
    }

    public function metric(Metric $metric): ?MetricSummary
    {
        return $this->metrics[$metric->value] ?? null;
    }

    /** The paired gain as a fraction (0.20 for +20 %); null for the baseline. */
    public function gain(): ?float
    {
        return $this->throughput->comparison?->gain();
    }

    /** @return array<int, string> round => why that run does not count */
    public function voidRuns(): array
    {
        $void = [];
        foreach ($this->runs as $run) {
            $reason = $run->run->voidReason();
            if (null !== $reason) {
                $void[$run->round] = $reason;
            }
        }

        return $void;
    }

    public function isMeasured(): bool
    {
        return [] === $this->problems && null === $this->skipped && null !== $this->throughput->requestsPerSecond;
    }
}
