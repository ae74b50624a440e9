<?php

declare(strict_types=1);

namespace Preheat\Bench\Event;

use Preheat\Bench\Rounds\RoundsOutcome;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Rounds\StopReason;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Config\Duration;
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
                '%s; ±%s points not reached by %s',
                0.0 === $rule->maxSeconds
                    ? \sprintf('the %d round(s) asked for, no time limit for more', $rule->minRounds)
                    : 'time limit '.Duration::format($rule->maxSeconds),
                $points,
                implode(', ', array_map(
                    static fn (string $name, ?PairedComparison $c): string => self::missed($name, $c, $rule),
                    array_keys($missed),
                    $missed,
                )),
            ),
        };
    }

    /**
     * A gain that missed the target, and by how much: "all (±2.6)", "hot (no interval)"; with restarts, an
     * interval that is not over the starts says so: "all (±4.9 over the rounds of one server start)".
     */
    private static function missed(string $name, ?PairedComparison $comparison, StoppingRule $rule): string
    {
        $halfWidth = StoppingRule::halfWidthPoints($comparison);
        $overStarts = true === $comparison?->estimator->spansRestarts();
        if (null === $halfWidth) {
            return $rule->acrossRestarts
                ? \sprintf('%s (no interval: it needs %d server starts)', $name, PairedComparator::MIN_ROUNDS)
                : $name.' (no interval)';
        }

        return \sprintf(
            '%s (±%.1f%s)',
            $name,
            $halfWidth,
            $rule->acrossRestarts && !$overStarts ? ' over the rounds of one server start' : '',
        );
    }
}
