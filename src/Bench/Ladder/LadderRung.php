<?php

declare(strict_types=1);

namespace Preheat\Bench\Ladder;

use Preheat\Bench\Scenario\ScenarioSpec;

/**
 * One step of the ladder: its scenario (preloading and layers) and what it adds to the step below, in
 * one line. A reference is measured alongside but is no step: it answers a question about two steps.
 */
final class LadderRung
{
    public function __construct(
        public readonly int $number,
        public readonly string $title,
        public readonly string $explanation,
        public readonly ScenarioSpec $scenario,
        /** The layer it adds to the rung below (opcache, autoload, preload or runtime); null for the baseline */
        public readonly ?string $adds = null,
        public readonly bool $reference = false,
    ) {
    }

    public function name(): string
    {
        return $this->scenario->name;
    }
}
