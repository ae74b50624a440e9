<?php

declare(strict_types=1);

namespace Preheat\Bench\Event;

use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressEvent;

/**
 * A scenario left out of the rounds: skipped (nothing is wrong: a rung that does not apply, a runtime this
 * version lacks), broken (its script failed), its server did not start, or its load failed in a round.
 */
final class ScenarioNotMeasured implements ProgressEvent
{
    private function __construct(
        public readonly string $scenario,
        public readonly string $why,
        private readonly Outcome $outcome,
    ) {
    }

    /** @param string $reason as the preparation says it ("not measured: ...") */
    public static function skipped(string $scenario, string $reason): self
    {
        return new self($scenario, $reason, Outcome::Skipped);
    }

    public static function broken(string $scenario, string $problem): self
    {
        return new self($scenario, 'not measured: '.$problem, Outcome::Failed);
    }

    public static function notStarted(string $scenario): self
    {
        return new self($scenario, 'not measured: it did not start', Outcome::Failed);
    }

    public static function loadFailed(string $scenario, int $round): self
    {
        return new self($scenario, \sprintf('not measured: its load failed in round %d', $round), Outcome::Failed);
    }

    public function summary(): string
    {
        return \sprintf('Scenario %s %s', $this->scenario, $this->why);
    }

    public function outcome(): Outcome
    {
        return $this->outcome;
    }
}
