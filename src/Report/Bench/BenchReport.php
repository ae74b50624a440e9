<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\BenchResult;

/** What every renderer shows: a row per scenario, the environment, and the raw result behind them. */
final class BenchReport
{
    /** @param list<ScenarioRow> $rows */
    public function __construct(
        public readonly array $rows,
        public readonly string $baseline,
        public readonly BenchResult $result,
        public readonly float $confidenceLevel,
    ) {
    }
}
