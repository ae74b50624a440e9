<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Composer\ComposerProject;
use Preheat\Inventory\InventoryScan;

final class PlanResult
{
    public function __construct(
        public readonly ComposerProject $project,
        public readonly InventoryScan $scan,
        public readonly PreloadPlan $plan,
        public readonly float $seconds,
    ) {
    }
}
