<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Composer\ComposerProject;
use Preheat\Inventory\InventoryScan;
use Preheat\Note;

final class PlanResult
{
    /**
     * @param list<Note>       $warnings what the user asked for that had no effect, and what the plan could not know
     * @param PlanContext|null $context  what the plan was made from, to plan again from (see PlanContext::of())
     */
    public function __construct(
        public readonly ComposerProject $project,
        public readonly InventoryScan $scan,
        public readonly PreloadPlan $plan,
        public readonly float $seconds,
        public readonly ?ClassLocator $locator = null,
        public readonly array $warnings = [],
        public readonly ?PlanContext $context = null,
    ) {
    }
}
