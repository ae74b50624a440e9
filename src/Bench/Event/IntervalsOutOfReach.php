<?php

declare(strict_types=1);

namespace Preheat\Bench\Event;

use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressEvent;

/**
 * Said before the rounds when the rounds asked for cannot give the gains an interval over server starts: no time
 * for more than the minimum (a time limit of 0) and too few rounds for PairedComparator::MIN_ROUNDS starts.
 */
final class IntervalsOutOfReach implements ProgressEvent
{
    private function __construct(
        public readonly int $rounds,
        public readonly int $restartEvery,
    ) {
    }

    /** The warning, when these rounds under this rule cannot reach an interval over the starts; null when they can. */
    public static function of(StoppingRule $rule, int $restartEvery): ?self
    {
        if ($restartEvery <= 0 || $rule->maxSeconds > 0.0 || self::starts($rule->minRounds, $restartEvery)
            >= PairedComparator::MIN_ROUNDS) {
            return null;
        }

        return new self($rule->minRounds, $restartEvery);
    }

    public function summary(): string
    {
        $starts = self::starts($this->rounds, $this->restartEvery);
        $needed = (PairedComparator::MIN_ROUNDS - 1) * $this->restartEvery + 1;
        $every = intdiv($this->rounds - 1, PairedComparator::MIN_ROUNDS - 1);

        return \sprintf(
            'With no time limit for more rounds the bench runs exactly %d round(s), %d server start(s): %s (it'
            .' needs %d server starts, one every %d rounds: %d rounds or more%s)',
            $this->rounds,
            $starts,
            1 === $starts && $this->rounds >= PairedComparator::MIN_ROUNDS
                ? 'the gains\' intervals will be over the rounds of one start, which do not see how servers started'
                    .' anew differ, not over server starts'
                : 'no gain will get an interval',
            PairedComparator::MIN_ROUNDS,
            $this->restartEvery,
            $needed,
            $every >= 1 ? \sprintf(', or a restart every %d round(s)', $every) : '',
        );
    }

    public function outcome(): Outcome
    {
        return Outcome::Warning;
    }

    private static function starts(int $rounds, int $restartEvery): int
    {
        return intdiv($rounds - 1, $restartEvery) + 1;
    }
}
