<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\ScenarioRecord;

/**
 * Compares every scenario with the baseline on one metric, round by round (PairedComparator), with each
 * round's ratio turned into a speed-up (Metric::speedup): for every metric a gain above 0 is faster.
 * The one place where gains are computed: the report renders them, and a rule that decides whether more
 * rounds are needed reads the same intervals.
 */
final class BaselineComparator
{
    public function __construct(
        private readonly PairedComparator $paired = new PairedComparator(),
    ) {
    }

    /**
     * @param list<ScenarioRecord> $scenarios
     *
     * @return array<string, PairedComparison> by scenario name, for every scenario but the baseline that
     *                                         has a round measured on both sides; empty without the baseline
     */
    public function compareAll(array $scenarios, string $baseline, Metric $metric): array
    {
        $reference = null;
        foreach ($scenarios as $scenario) {
            if ($scenario->name === $baseline) {
                $reference = $scenario;
            }
        }
        if (null === $reference) {
            return [];
        }
        $comparisons = [];
        foreach ($scenarios as $scenario) {
            if ($scenario->name === $baseline) {
                continue;
            }
            $comparison = $this->compare($scenario, $reference, $metric);
            if (null !== $comparison) {
                $comparisons[$scenario->name] = $comparison;
            }
        }

        return $comparisons;
    }

    /** null when no round has the metric on both sides (not measured, void runs, a scenario not run). */
    public function compare(ScenarioRecord $scenario, ScenarioRecord $baseline, Metric $metric): ?PairedComparison
    {
        $treatment = $scenario->byRound($metric);
        $reference = $baseline->byRound($metric);
        // Restarted, both sides' servers started anew before the same rounds: the baseline's starts mark the blocks.
        $instances = $baseline->instances;

        // PairedComparator divides the first by the second: for a cost, the baseline's by the scenario's.
        return $metric->higherIsBetter()
            ? $this->paired->compare($treatment, $reference, $instances)
            : $this->paired->compare($reference, $treatment, $instances);
    }
}
