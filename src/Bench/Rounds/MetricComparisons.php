<?php

declare(strict_types=1);

namespace Preheat\Bench\Rounds;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Statistics\BaselineComparator;

/** The gains on one metric, as the report computes them (BaselineComparator), for every measured scenario. */
final class MetricComparisons implements PrimaryComparisons
{
    public function __construct(
        private readonly Metric $metric = Metric::RequestsPerSecond,
        private readonly BaselineComparator $comparator = new BaselineComparator(),
    ) {
    }

    public function metric(): string
    {
        return $this->metric->label();
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
        $comparisons = [];
        foreach ($scenarios as $scenario) {
            // Named even without a paired round yet (every run void so far): such a gain has not reached the target.
            if ($scenario->name !== $baseline && $scenario->isMeasured()) {
                $comparisons[$scenario->name] = $this->comparator->compare($scenario, $reference, $this->metric);
            }
        }

        return $comparisons;
    }
}
