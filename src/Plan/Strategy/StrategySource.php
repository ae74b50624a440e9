<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

/**
 * What a strategy may ask of its caller: `generate` answers from its options, the bench from
 * preheat.json and the pages it serves. Each is asked only by the strategies that need it.
 */
interface StrategySource
{
    /** The traffic the recorder wrote (a usage store), or traffic recorded now. */
    public function recordedUsage(): UsageSnapshot;

    /** How much of the recorded traffic to preload. */
    public function hotCriteria(): HotCriteria;

    /** What one pass over the pages loads. */
    public function tracedUsage(): UsageSnapshot;

    /** How much of a trace to preload: all of it, within the budget if one is given. */
    public function traceCriteria(): HotCriteria;
}
