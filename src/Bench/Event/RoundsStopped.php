<?php

declare(strict_types=1);

namespace Preheat\Bench\Event;

use Preheat\Bench\Config\Duration;
use Preheat\Bench\Rounds\RoundsOutcome;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Rounds\StopReason;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressEvent;

/** No more rounds: how many, of how many scenarios, in how long, and why the stopping rule said enough. */
final class RoundsStopped implements ProgressEvent
{
    /** @param array<string, PairedComparison|null> $comparisons the gains over the baseline at the end, by scenario */
    public function __construct(
        public readonly RoundsOutcome $outcome,
        public readonly int $scenarios,
        public readonly array $comparisons,
    ) {
    }

    public function summary(): string
    {
        return \sprintf(
            'Measured %d round(s) of %d scenario(s) in %s: %s',
            $this->outcome->rounds,
            $this->scenarios,
            Duration::format($this->outcome->measuredSeconds),
            $this->why(),
        );
    }

    public function outcome(): Outcome
    {
        return Outcome::Done;
    }

    private function why(): string
    {
        $rule = $this->outcome->rule;
        $missed = array_filter($this->comparisons, static fn (?PairedComparison $c): bool => !$rule->mayStop($c));
        $points = RoundFinished::points($rule->precisionPoints);

        return match ($this->outcome->reason) {
            StopReason::PrecisionReached => \sprintf('every gain within ±%s points', $points),
            StopReason::NothingToCompare => 'no scenario to compare with the baseline',
            StopReason::TimeLimit => \sprintf(
                'time limit %s; ±%s points not reached by %s',
                Duration::format($rule->maxSeconds),
                $points,
                implode(', ', array_map(self::missed(...), array_keys($missed), $missed)),
            ),
        };
    }

    /** A gain that missed the target, and by how much: "all (±2.6)", "hot (no interval)". */
    private static function missed(string $name, ?PairedComparison $comparison): string
    {
        $halfWidth = StoppingRule::halfWidthPoints($comparison);

        return null === $halfWidth ? $name.' (no interval)' : \sprintf('%s (±%.1f)', $name, $halfWidth);
    }
}
