<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare;

use Preheat\Bench\Result\Metric;

/**
 * This run against an earlier one: each scenario's change on the primary metric, or, when the two runs are not
 * of the same kind (pages, CPU, cores, PHP, tool, concurrency), what differs and no change at all.
 */
final class RunComparison
{
    /**
     * @param string               $file        the earlier report, as the user named it
     * @param list<string>         $differences what keeps the runs apart; empty when they compare
     * @param list<ScenarioChange> $changes     by this run's scenarios, in order; empty when they differ
     */
    public function __construct(
        public readonly string $file,
        public readonly Metric $metric,
        public readonly array $differences,
        public readonly array $changes,
    ) {
    }

    public function comparable(): bool
    {
        return [] === $this->differences;
    }

    public function change(string $scenario): ?ScenarioChange
    {
        foreach ($this->changes as $change) {
            if ($change->scenario === $scenario) {
                return $change;
            }
        }

        return null;
    }
}
