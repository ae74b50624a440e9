<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare;

use Preheat\Bench\Result\Metric;

/**
 * One scenario of a run as a comparison reads it, from this run's records or an earlier report.json: every
 * round's figure per metric, which server start ran each round, its gain over the baseline on the run's primary
 * metric, and what its server reported (preload memory, start-up time, start-up warnings).
 */
final class RecordedScenario
{
    /**
     * @param array<string, array<int, float>> $figures   Metric value => round => the figure (valid runs only)
     * @param array<int, int>                  $instances round => the start of its server that ran it
     * @param Estimate|null                    $gain      over the baseline on the run's primary metric; null for
     *                                                    the baseline, or without a paired round
     */
    public function __construct(
        public readonly string $name,
        public readonly string $spec,
        public readonly bool $measured,
        public readonly array $figures = [],
        public readonly array $instances = [],
        public readonly ?Estimate $gain = null,
        public readonly ?int $preloadMemoryBytes = null,
        public readonly ?float $startSeconds = null,
        public readonly ?int $warnings = null,
    ) {
    }

    /** @return array<int, float> round => the metric's figure */
    public function byRound(Metric $metric): array
    {
        return $this->figures[$metric->value] ?? [];
    }

    /**
     * The values a comparison between runs takes as independent: every round's figure, or when the server was
     * started anew between blocks of rounds each start's geometric mean (rounds of one start share how that
     * start runs, as in PairedComparator).
     *
     * @return list<float>
     */
    public function units(Metric $metric): array
    {
        $figures = array_filter($this->byRound($metric), static fn (float $v): bool => $v > 0.0);
        $logs = [];
        foreach ($figures as $round => $value) {
            $logs[$this->instances[$round] ?? 1][] = log($value);
        }
        if (\count($logs) <= 1) {
            return array_values($figures);
        }
        ksort($logs);

        return array_values(array_map(static fn (array $l): float => exp(array_sum($l) / \count($l)), $logs));
    }

    /** Whether the server was started anew between rounds, so that units() are starts, not rounds. */
    public function restarted(Metric $metric): bool
    {
        $starts = [];
        foreach (array_keys($this->byRound($metric)) as $round) {
            $starts[$this->instances[$round] ?? 1] = true;
        }

        return \count($starts) > 1;
    }
}
