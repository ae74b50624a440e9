<?php

declare(strict_types=1);

namespace Preheat\Script;

use Preheat\Plan\PlanResult;
use Preheat\Plan\Strategy\HotSelection;

final class GenerateOutcome
{
    /**
     * @param list<FixRound>         $fixRounds
     * @param list<CalibrationRound> $calibrations
     */
    public function __construct(
        public readonly PlanResult $planResult,
        public readonly string $outputPath,
        public readonly bool $written,
        public readonly ?VerificationReport $verification,
        public readonly array $fixRounds,
        public readonly bool $strict,
        public readonly ?HotSelection $selection = null,
        public readonly array $calibrations = [],
        public readonly int $fixRoundLimit = 0,
    ) {
    }

    public function succeeded(): bool
    {
        return $this->written && (null === $this->verification || $this->verification->passed($this->strict));
    }
}
