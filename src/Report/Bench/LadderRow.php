<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Ladder\LadderRung;
use Preheat\Bench\Statistics\PairedComparison;

/**
 * One rung in the ladder's table: its scenario's row, and its gains over the measured rung below it and over the
 * baseline (paired by round, on the report's primary metric).
 */
final class LadderRow
{
    /**
     * @param string|null           $below     the scenario of the measured rung below; null for the baseline
     * @param PairedComparison|null $overBelow against that rung; null for the baseline or when it was not measured
     */
    public function __construct(
        public readonly LadderRung $rung,
        public readonly ScenarioRow $row,
        public readonly ?string $below,
        public readonly ?PairedComparison $overBelow,
        /** What the layer it adds ran with, in words (the whole preparation for the baseline) */
        public readonly string $ranWith = '',
        /** Against the baseline on the same metric; null for the baseline itself */
        public readonly ?PairedComparison $overBaseline = null,
    ) {
    }
}
