<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

/** One budget calibration: the script measured over the budget, so the estimate was scaled to what PHP measured. */
final class CalibrationRound
{
    public function __construct(
        public readonly int $round,
        public readonly int $measuredBytes,
        public readonly int $budgetBytes,
        public readonly float $bytesPerSourceByte,
    ) {
    }
}
