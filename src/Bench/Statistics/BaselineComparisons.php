<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\ScenarioRecord;

/**
 * Every scenario's gain over the baseline on every metric either side measured, paired by round
 * (BaselineComparator). Computed once, when the rounds are done, from the final records: the report
 * renders these and computes no gain over the baseline again.
 */
final class BaselineComparisons
{
    /**
     * @param array<string, array<string, PairedComparison|null>> $gains scenario => Metric value => its gain;
     *                                                                   null when no round has it on both sides
     */
    private function __construct(private readonly array $gains)
    {
    }

    /**
     * @param list<ScenarioRecord>                 $scenarios the final records
     * @param array<string, PairedComparison|null> $known     gains already computed from these same records on
     *                                                        $knownMetric (the stopping rule's last), by scenario
     */
    public static function of(
        array $scenarios,
        string $baseline,
        BaselineComparator $comparator = new BaselineComparator(),
        ?Metric $knownMetric = null,
        array $known = [],
    ): self {
        $reference = null;
        foreach ($scenarios as $scenario) {
            if ($scenario->name === $baseline) {
                $reference = $scenario;
            }
        }
        $gains = [];
        foreach ($scenarios as $scenario) {
            if (null === $reference || $scenario === $reference) {
                continue;
            }
            foreach (Metric::cases() as $metric) {
                $reuse = $metric === $knownMetric && \array_key_exists($scenario->name, $known);
                $gains[$scenario->name][$metric->value] = $reuse
                    ? $known[$scenario->name]
                    : $comparator->compare($scenario, $reference, $metric);
            }
        }

        return new self($gains);
    }

    /** The scenario's gain over the baseline on the metric; null for the baseline or without a paired round. */
    public function gain(string $scenario, Metric $metric): ?PairedComparison
    {
        return $this->gains[$scenario][$metric->value] ?? null;
    }
}
