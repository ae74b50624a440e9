<?php

declare(strict_types=1);

namespace Preheat\Bench\Rounds;

use Preheat\Bench\Statistics\PairedComparison;

/**
 * When a benchmark has measured enough: never before the minimum rounds; then as soon as every compared
 * scenario's gain has a confidence interval whose half-width is at most the target (in gain points:
 * 2 for ±2 %), from at least MIN_PRECISE_ROUNDS paired rounds; else before the round that would not fit
 * in the time left, estimated as what the next round costs (RoundTimes::next(): a normal round, and the restart of
 * every server when one is due before it), so that the rounds end past the time limit by no more than what the
 * next round took beyond its estimate. A scenario without an interval yet (fewer
 * paired rounds than an interval needs) has not reached the target. Pure: the caller measures the time and
 * computes the comparisons.
 */
final class StoppingRule
{
    /** Bootstrap bounds are sums of floats: a half-width a rounding error above the target has reached it. */
    private const TOLERANCE = 1e-9;

    /**
     * Paired rounds a gain needs before its interval may stop the rounds. A narrow interval from a handful
     * of rounds is often narrow by chance (a bootstrap of five ratios, or the first time a signed-rank
     * interval dips under the target), and stopping on it calls identical scenarios different too often:
     * on the demo, 2 A/A runs in 10 that stopped after 5 rounds did.
     */
    public const MIN_PRECISE_ROUNDS = 10;

    /**
     * @param int   $minRounds       rounds always run, whatever the precision or the time
     * @param float $precisionPoints the target half-width of every gain's interval, in points (2.0: ±2 %)
     * @param float $maxSeconds      the time the measured rounds may take together (0: the minimum rounds only)
     * @param bool  $acrossRestarts  the servers are restarted between blocks of rounds: only an interval over
     *                               the restarts may stop the rounds (one over the rounds of one start does not
     *                               see how servers started anew differ)
     *
     * @throws \InvalidArgumentException when a bound is out of range
     */
    public function __construct(
        public readonly int $minRounds,
        public readonly float $precisionPoints,
        public readonly float $maxSeconds,
        public readonly bool $acrossRestarts = false,
    ) {
        if ($minRounds < 1
            || !($precisionPoints > 0.0) || !is_finite($precisionPoints)
            || $maxSeconds < 0.0 || !is_finite($maxSeconds)) {
            $message = \sprintf(
                'A stopping rule needs at least 1 round, a precision above 0 and a time limit of 0 or more,'
                .' got %d, %s, %s.',
                $minRounds,
                var_export($precisionPoints, true),
                var_export($maxSeconds, true),
            );
            throw new \InvalidArgumentException($message);
        }
    }

    /**
     * @param RoundTimes|list<float>               $times       how long each round so far took, in order (a list:
     *                                                          rounds without restarts)
     * @param array<string, PairedComparison|null> $comparisons every compared scenario's gain so far (null: no
     *                                                          paired round yet)
     *
     * @return StopReason|null null to run another round
     */
    public function decide(RoundTimes|array $times, array $comparisons): ?StopReason
    {
        $times = $times instanceof RoundTimes ? $times : RoundTimes::of($times);
        $rounds = $times->rounds();
        if ($rounds < $this->minRounds) {
            return null;
        }
        if ([] === $comparisons) {
            return StopReason::NothingToCompare;
        }
        if ([] === array_filter($comparisons, fn (?PairedComparison $c): bool => !$this->mayStop($c))) {
            return StopReason::PrecisionReached;
        }

        return $times->elapsed() + $times->next() > $this->maxSeconds ? StopReason::TimeLimit : null;
    }

    /**
     * Whether this gain's interval may end the rounds: within the target, a signed-rank interval from at
     * least MIN_PRECISE_ROUNDS rounds, and over the restarts when the servers are restarted.
     */
    public function mayStop(?PairedComparison $comparison): bool
    {
        return null !== $comparison
            && $this->reached($comparison)
            && $comparison->rounds() >= self::MIN_PRECISE_ROUNDS
            && $comparison->estimator->isSignedRank()
            && (!$this->acrossRestarts || $comparison->estimator->spansRestarts());
    }

    /** Whether this gain's interval is within the target; one without an interval is not. */
    public function reached(?PairedComparison $comparison): bool
    {
        $halfWidth = self::halfWidthPoints($comparison);

        return null !== $halfWidth && $halfWidth <= $this->precisionPoints + self::TOLERANCE;
    }

    /**
     * Half the width of the gain's interval, in points (the interval +33.0 … +36.6 % is ±1.8); null without an
     * interval.
     */
    public static function halfWidthPoints(?PairedComparison $comparison): ?float
    {
        $interval = $comparison?->interval;

        return null === $interval ? null : ($interval->high - $interval->low) / 2.0 * 100.0;
    }

    /**
     * The compared scenario furthest from the target: the widest interval, or one without an interval.
     *
     * @param array<string, PairedComparison|null> $comparisons
     *
     * @return array{string, float|null}|null its name and half-width in points; null when there is none
     */
    public static function widest(array $comparisons): ?array
    {
        $widest = null;
        foreach ($comparisons as $name => $comparison) {
            $halfWidth = self::halfWidthPoints($comparison);
            if (null === $widest || null === $halfWidth || (null !== $widest[1] && $halfWidth > $widest[1])) {
                $widest = [(string) $name, $halfWidth];
                if (null === $halfWidth) {
                    break;
                }
            }
        }

        return $widest;
    }
}
