<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

use Preheat\Plan\PlanResult;
use Preheat\Plan\RequireEvidence;

/**
 * A strategy that preloads part of the safe plan: it picks the files to start from, and the planner
 * pulls in what they need to link.
 */
interface SeedStrategy
{
    public function name(): string;

    /** @param PlanResult $safe the paths plan over the whole tree */
    public function select(PlanResult $safe, MemoryEstimate $estimate): HotSelection;

    /** The preload memory not to exceed, if any: verification checks it and the estimate is calibrated. */
    public function budgetBytes(): ?int;

    /** How the recorded requests loaded each file: the safe plan keeps side-effect files they only ever required. */
    public function requireEvidence(): ?RequireEvidence;
}
