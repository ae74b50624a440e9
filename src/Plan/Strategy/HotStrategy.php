<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

use Preheat\Plan\PlanResult;
use Preheat\Plan\RequireEvidence;

/** `--strategy=hot`: the files real traffic loads most, from a usage store. */
final class HotStrategy implements SeedStrategy
{
    public function __construct(
        private readonly UsageSnapshot $usage,
        private readonly HotCriteria $criteria,
        private readonly string $name = 'hot',
        /** Whose loads the evidence is, in the plan's reasons. */
        private readonly string $evidence = 'the recorded requests',
        private readonly HotSelector $selector = new HotSelector(),
    ) {
    }

    public function name(): string
    {
        return $this->name;
    }

    public function select(PlanResult $safe, MemoryEstimate $estimate): HotSelection
    {
        return $this->selector->select($this->usage, $safe->plan, $safe->scan->inventory, $this->criteria, $estimate);
    }

    public function budgetBytes(): ?int
    {
        return $this->criteria->budgetBytes;
    }

    public function requireEvidence(): RequireEvidence
    {
        return self::evidenceOf($this->usage, $this->evidence);
    }

    public static function evidenceOf(UsageSnapshot $usage, string $source): RequireEvidence
    {
        return new RequireEvidence($usage->fileCounts, $usage->onlyRequiredFiles(), $source);
    }
}
