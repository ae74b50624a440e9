<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\BenchResult;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Statistics\PrimaryChoice;

/**
 * What every renderer shows: a row per scenario (and per rung, for a ladder), the metric that gives the headline, the
 * environment, and the raw result behind them.
 */
final class BenchReport
{
    /**
     * @param list<ScenarioRow> $rows
     * @param LadderReport|null $ladder the rungs, when the run was a ladder
     */
    public function __construct(
        public readonly array $rows,
        public readonly string $baseline,
        public readonly BenchResult $result,
        public readonly float $confidenceLevel,
        public readonly PrimaryChoice $primary,
        public readonly ?LadderReport $ladder = null,
    ) {
    }

    /**
     * Whether req/s (and the time per request) says anything about PHP: not when an instruction-counting
     * tool ran it, since valgrind runs PHP some 50 times slower; the report then shows no req/s gain.
     */
    public function timesRequests(): bool
    {
        return Metric::InstructionsPerRequest !== $this->primary->metric;
    }

    public function row(string $name): ?ScenarioRow
    {
        foreach ($this->rows as $row) {
            if ($row->name === $name) {
                return $row;
            }
        }

        return null;
    }
}
