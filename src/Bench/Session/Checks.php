<?php

declare(strict_types=1);

namespace Preheat\Bench\Session;

use Preheat\Bench\Compare\Assertion\AssertionEvaluator;
use Preheat\Bench\Compare\Assertion\AssertionResult;
use Preheat\Bench\Compare\RunComparison;

/** What a run was checked against: the earlier run (`--baseline`) and the assertions (`--assert`), judged. */
final class Checks
{
    /** @param list<AssertionResult> $assertions */
    public function __construct(
        public readonly ?RunComparison $comparison,
        public readonly array $assertions,
        public readonly bool $strict,
    ) {
    }

    public function passed(): bool
    {
        return AssertionEvaluator::allPassed($this->assertions);
    }
}
