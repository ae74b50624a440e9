<?php

declare(strict_types=1);

namespace Preheat\Bench\Rounds;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Statistics\BaselineComparator;
use Preheat\Bench\Statistics\PrimaryMetric;

/**
 * The gains on one metric, as the report computes them (BaselineComparator), for every measured
 * scenario. Without a metric given, the one the report leads with (PrimaryMetric), chosen anew from
 * the runs so far each time.
 */
final class MetricComparisons implements PrimaryComparisons
{
    private Metric $last = Metric::RequestsPerSecond;

    public function __construct(
        private readonly ?Metric $metric = null,
        private readonly BaselineComparator $comparator = new BaselineComparator(),
    ) {
    }

    /** The metric of the last comparison (before any, the one given, else req/s). */
    public function metric(): Metric
    {
        return $this->metric ?? $this->last;
    }

    public function compare(array $scenarios, string $baseline): array
    {
        $reference = null;
        foreach ($scenarios as $scenario) {
            if ($scenario->name === $baseline) {
                $reference = $scenario;
            }
        }
        if (null === $reference || !$reference->isMeasured()) {
            return [];
        }
        $metric = $this->last = $this->metric ?? PrimaryMetric::choose($scenarios, $baseline)->metric;
        $comparisons = [];
        foreach ($scenarios as $scenario) {
            // Named even without a paired round yet (every run void so far): such a gain has not reached the target.
            if ($scenario->name !== $baseline && $scenario->isMeasured()) {
                $comparisons[$scenario->name] = $this->comparator->compare($scenario, $reference, $metric);
            }
        }

        return $comparisons;
    }
}
