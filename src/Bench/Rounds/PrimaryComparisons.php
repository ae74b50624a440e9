<?php

declare(strict_types=1);

namespace Preheat\Bench\Rounds;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Statistics\PairedComparison;

/**
 * The gains the stopping rule waits on: every measured scenario against the baseline, paired by round,
 * on the metric the report leads with. Asked after each round, with the runs so far.
 */
interface PrimaryComparisons
{
    /** What the gains compare. */
    public function metric(): Metric;

    /**
     * @param list<ScenarioRecord> $scenarios with their runs so far
     *
     * @return array<string, PairedComparison|null> by name, every measured scenario but the baseline; null
     *                                              when it has no round paired with the baseline yet
     */
    public function compare(array $scenarios, string $baseline): array;
}
