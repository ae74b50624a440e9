<?php

declare(strict_types=1);

namespace Preheat\Bench\Event;

use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Config\Duration;
use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressEvent;

/** A measured round is done: how far the gains are from the target, by the widest interval so far. */
final class RoundFinished implements ProgressEvent
{
    /**
     * @param float                                $measuredSeconds every round so far
     * @param array<string, PairedComparison|null> $comparisons     the gains over the baseline so far, by scenario
     * @param int                                  $restartEvery    rounds between server starts (0: never): the
     *                                                              intervals are then taken over the starts
     */
    public function __construct(
        public readonly int $round,
        public readonly float $measuredSeconds,
        public readonly StoppingRule $rule,
        public readonly array $comparisons,
        public readonly string $baseline,
        public readonly int $restartEvery = 0,
    ) {
    }

    public function summary(): string
    {
        // With restarts only an interval over the starts counts (and stops the rounds): one over the rounds of
        // the first start is not shown, so that no interval appears and then vanishes at the first restart.
        $comparisons = $this->restartEvery > 0
            ? array_map(
                static fn (?PairedComparison $c): ?PairedComparison => true === $c?->estimator->spansRestarts()
                    && null !== $c->interval ? $c : null,
                $this->comparisons,
            )
            : $this->comparisons;
        $widest = StoppingRule::widest($comparisons);
        $state = match (true) {
            null === $widest => 'nothing to compare',
            null === $widest[1] => \sprintf(
                '%s vs %s has no interval %syet (it needs %s)',
                $widest[0],
                $this->baseline,
                $this->restartEvery > 0 ? 'over server starts ' : '',
                $this->restartEvery > 0 ? $this->startsNeeded() : \sprintf(
                    '%d paired rounds',
                    PairedComparator::MIN_ROUNDS,
                ),
            ),
            default => \sprintf(
                'widest 95%% interval ±%.1f points (%s vs %s%s)',
                $widest[1],
                $widest[0],
                $this->baseline,
                $this->restartEvery > 0 ? \sprintf(', over %d server starts', $this->starts()) : '',
            ),
        };

        return \sprintf(
            'Round %d done (%s): %s; target ±%s',
            $this->round,
            $this->budget(),
            $state,
            self::points($this->rule->precisionPoints),
        );
    }

    /** "1 min 12 s of 4 min left"; over the limit (the minimum rounds always run) or without one, said so. */
    private function budget(): string
    {
        $measured = Duration::format($this->measuredSeconds).' measured';
        $limit = $this->rule->maxSeconds;
        if (0.0 === $limit) {
            return \sprintf(
                '%s, %d of %d rounds, no time limit for more',
                $measured,
                $this->round,
                $this->rule->minRounds,
            );
        }
        $left = $limit - $this->measuredSeconds;

        return $left >= 0.0
            ? \sprintf('%s, %s of %s left', $measured, Duration::format($left), Duration::format($limit))
            : \sprintf('%s, %s over the %s limit', $measured, Duration::format(-$left), Duration::format($limit));
    }

    /** The server starts so far, the first included. */
    private function starts(): int
    {
        return intdiv($this->round - 1, $this->restartEvery) + 1;
    }

    /**
     * "3 server starts, one every 4 rounds: 1 so far, the 3rd from round 9"; without time for more rounds than
     * the minimum, that it will not come.
     */
    private function startsNeeded(): string
    {
        $needed = PairedComparator::MIN_ROUNDS;
        $from = ($needed - 1) * $this->restartEvery + 1;

        return \sprintf(
            '%d server starts, one every %d rounds: %d so far, %s',
            $needed,
            $this->restartEvery,
            min($this->starts(), $needed),
            0.0 === $this->rule->maxSeconds && $from > $this->rule->minRounds
                ? \sprintf('and the %d rounds with no time for more make %d', $this->rule->minRounds, intdiv(
                    $this->rule->minRounds - 1,
                    $this->restartEvery,
                ) + 1)
                : \sprintf('the %s from round %d', self::ordinal($needed), $from),
        );
    }

    private static function ordinal(int $n): string
    {
        return $n.match (true) {
            1 === $n % 10 && 11 !== $n % 100 => 'st',
            2 === $n % 10 && 12 !== $n % 100 => 'nd',
            3 === $n % 10 && 13 !== $n % 100 => 'rd',
            default => 'th',
        };
    }

    public function outcome(): Outcome
    {
        return Outcome::Done;
    }

    /** 2.0 → "2", 1.25 → "1.25". */
    public static function points(float $points): string
    {
        return rtrim(rtrim(\sprintf('%.2f', $points), '0'), '.');
    }
}
