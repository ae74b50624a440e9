<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Plan\Strategy\MemoryEstimate;

/**
 * One budget calibration: the script measured over the budget, so the memory estimate the strategy
 * chooses with was scaled to what PHP measured.
 */
final class BudgetCalibration implements Constraint
{
    public readonly float $bytesPerSourceByte;

    public function __construct(
        public readonly int $round,
        public readonly int $measuredBytes,
        public readonly int $budgetBytes,
        public readonly MemoryEstimate $estimate,
    ) {
        $this->bytesPerSourceByte = $estimate->bytesPerSourceByte;
    }

    public function progress(): string
    {
        return \sprintf(
            'Preload memory %.1f MB is over the budget: estimate calibrated to %.2f bytes per source byte, choosing '.
            'again',
            $this->measuredBytes / 1048576,
            $this->bytesPerSourceByte,
        );
    }

    public function purpose(): string
    {
        return \sprintf('verification after budget calibration %d', $this->round);
    }
}
