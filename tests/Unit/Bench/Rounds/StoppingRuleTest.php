<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Rounds;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Rounds\RoundTimes;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Rounds\StopReason;
use Preheat\Bench\Statistics\ConfidenceInterval;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\PairedEstimator;

/** The stopping rule on known sequences of rounds: when it stops, and why. */
final class StoppingRuleTest extends TestCase
{
    public function testItStopsAtTheFirstRoundWhereEveryGainIsWithinTheTarget(): void
    {
        $rule = new StoppingRule(3, 2.0, 600.0);
        // Per-round ratios of "all" against "none": three that swing, then steadier around 1.40.
        $ratios = [
            1.30,
            1.50,
            1.40,
            1.38,
            1.42,
            1.39,
            1.41,
            1.40,
            1.38,
            1.42,
            1.40,
            1.39,
            1.41,
            1.40,
            1.40,
            1.40,
            1.40,
            1.40,
            1.40,
            1.40,
        ];
        $stopped = null;
        $halfWidths = [];
        for ($rounds = 1; $rounds <= \count($ratios) && null === $stopped; ++$rounds) {
            $comparison = self::compare(\array_slice($ratios, 0, $rounds));
            $halfWidths[$rounds] = StoppingRule::halfWidthPoints($comparison);
            if (null !== $rule->decide(array_fill(0, $rounds, 10.0), ['all' => $comparison])) {
                $stopped = $rounds;
            }
        }

        self::assertNull($halfWidths[1], 'no interval below 3 rounds');
        self::assertNull($halfWidths[2]);
        self::assertEqualsWithDelta(10.0, $halfWidths[3], 1e-9, '1.30 … 1.50: ±10 points');
        self::assertNotNull($stopped);
        self::assertGreaterThan(2.0, $halfWidths[$stopped - 1], 'the round before was still too wide');
        self::assertLessThanOrEqual(2.0 + 1e-9, $halfWidths[$stopped]);
        self::assertGreaterThan(
            StoppingRule::MIN_PRECISE_ROUNDS,
            $stopped,
            'this test is about the width, not the floor of rounds',
        );
        self::assertSame(
            StopReason::PrecisionReached,
            $rule->decide(array_fill(0, $stopped, 10.0), ['all' => self::compare(\array_slice($ratios, 0, $stopped))]),
        );
    }

    public function testEveryComparedScenarioMustReachTheTarget(): void
    {
        $rule = new StoppingRule(3, 2.0, 600.0);
        $narrow = self::comparison(0.33, 0.36);
        $wide = self::comparison(0.30, 0.40);

        self::assertNull($rule->decide([10.0, 10.0, 10.0], ['all' => $narrow, 'hot' => $wide]));
        self::assertSame(
            StopReason::PrecisionReached,
            $rule->decide([10.0, 10.0, 10.0], ['all' => $narrow, 'hot' => $narrow]),
        );
    }

    public function testANarrowIntervalFromTooFewRoundsDoesNotStopThem(): void
    {
        $rule = new StoppingRule(3, 2.0, 600.0);
        $fewRounds = ['all' => self::comparison(0.35, 0.36, StoppingRule::MIN_PRECISE_ROUNDS - 1)];

        self::assertTrue($rule->reached($fewRounds['all']), 'the interval itself is narrow enough');
        self::assertNull($rule->decide(array_fill(0, StoppingRule::MIN_PRECISE_ROUNDS - 1, 10.0), $fewRounds));
        self::assertSame(
            StopReason::PrecisionReached,
            $rule->decide(
                array_fill(0, StoppingRule::MIN_PRECISE_ROUNDS, 10.0),
                ['all' => self::comparison(0.35, 0.36)],
            ),
        );
        self::assertSame(
            StopReason::TimeLimit,
            $rule->decide(array_fill(0, 6, 100.0), $fewRounds),
            'time still bounds it',
        );
    }

    public function testWithRestartsOnlyAnIntervalOverTheRestartsStopsTheRounds(): void
    {
        $rule = new StoppingRule(3, 2.0, 600.0, true);
        $overRounds = self::comparison(0.35, 0.36);
        $overStarts = new PairedComparison(
            $overRounds->ratios,
            $overRounds->ratio,
            $overRounds->interval,
            [],
            PairedEstimator::RestartsHodgesLehmann,
        );

        self::assertNull(
            $rule->decide(array_fill(0, 10, 10.0), ['all' => $overRounds]),
            'narrow, but over the rounds of one start',
        );
        self::assertSame(StopReason::PrecisionReached, $rule->decide(array_fill(0, 10, 10.0), ['all' => $overStarts]));
        self::assertSame(
            StopReason::PrecisionReached,
            (new StoppingRule(3, 2.0, 600.0))->decide(array_fill(0, 10, 10.0), ['all' => $overRounds]),
            'without restarts the rounds are the units',
        );
    }

    public function testAHalfWidthOfExactlyTheTargetReachesIt(): void
    {
        $rule = new StoppingRule(3, 2.0, 600.0);

        // (0.40 - 0.36) / 2 × 100 is 2.0000000000000018 in floats.
        self::assertTrue($rule->reached(self::comparison(0.36, 0.40)));
        self::assertFalse($rule->reached(self::comparison(0.36, 0.4001)));
    }

    public function testItStopsBeforeTheRoundThatWouldNotFitInTheTimeLeft(): void
    {
        $rule = new StoppingRule(3, 2.0, 60.0);
        $wide = ['all' => self::comparison(0.2, 0.6)];

        // Rounds of 10 s, 11 s, 9 s, 10 s: after four, 40 s + the mean 10 s = 50 s fits in 60 s.
        self::assertNull($rule->decide([10.0, 11.0, 9.0, 10.0], $wide));
        // After five (50 s), a sixth of 10 s would end at 60 s: it still fits.
        self::assertNull($rule->decide([10.0, 11.0, 9.0, 10.0, 10.0], $wide));
        // After five slower ones (52 s, mean 10.4 s) it would not.
        self::assertSame(StopReason::TimeLimit, $rule->decide([10.0, 11.0, 9.0, 10.0, 12.0], $wide));
    }

    public function testTheNextRoundCostsARestartWhenOneIsDueBeforeIt(): void
    {
        $rule = new StoppingRule(1, 2.0, 100.0);
        $wide = ['all' => self::comparison(0.2, 0.6)];
        // A restart every 2 rounds; starting every server took 40 s at the beginning.
        $times = (new RoundTimes([], [], 2, 40.0))->with(10.0)->with(10.0);

        // Round 3 begins with a restart: 10 s + 40 s more would end at 70 s, within 100 s.
        self::assertEqualsWithDelta(50.0, $times->next(), 1e-9);
        self::assertNull($rule->decide($times, $wide));
        // The restart measured took 60 s: round 5's restart is estimated from it, not from the first start.
        $times = $times->with(10.0, 60.0)->with(10.0);
        self::assertSame(100.0, $times->elapsed());
        self::assertEqualsWithDelta(70.0, $times->next(), 1e-9);
        self::assertSame(StopReason::TimeLimit, $rule->decide($times, $wide));
        // Without a restart due, a normal round.
        self::assertEqualsWithDelta(10.0, $times->with(10.0)->next(), 1e-9);
        // With 65 s a mean round (10 s) would fit after round 2, but round 3's restart (50 s in all) would not.
        self::assertSame(StopReason::TimeLimit, (new StoppingRule(1, 2.0, 65.0))->decide((new RoundTimes([], [], 2, 40.0))->with(10.0)->with(10.0), $wide));
    }

    public function testItNeverStopsBelowTheMinimumRounds(): void
    {
        $rule = new StoppingRule(5, 2.0, 10.0);
        $precise = ['all' => self::comparison(0.35, 0.36)];

        foreach ([1, 2, 3, 4] as $rounds) {
            self::assertNull(
                $rule->decide(array_fill(0, $rounds, 30.0), $precise),
                $rounds.' rounds: precise, out of time, still below the minimum',
            );
        }
        self::assertSame(StopReason::PrecisionReached, $rule->decide(array_fill(0, 5, 30.0), $precise));
        self::assertSame(
            StopReason::TimeLimit,
            $rule->decide(array_fill(0, 5, 30.0), ['all' => self::comparison(0.2, 0.6)]),
        );
    }

    public function testNoTimeLimitMeansTheMinimumRoundsOnly(): void
    {
        $rule = new StoppingRule(2, 2.0, 0.0);

        self::assertNull($rule->decide([5.0], ['all' => null]));
        self::assertSame(StopReason::TimeLimit, $rule->decide([5.0, 5.0], ['all' => self::compare([1.2, 1.3])]));
    }

    public function testAScenarioWithoutAnIntervalHasNotReachedTheTarget(): void
    {
        $rule = new StoppingRule(1, 2.0, 600.0);
        $precise = self::comparison(0.35, 0.36);

        // Two paired rounds (no interval yet), or none at all (every run of it void so far).
        self::assertNull($rule->decide([10.0, 10.0], ['all' => $precise, 'hot' => self::compare([1.2, 1.2])]));
        self::assertNull($rule->decide([10.0, 10.0], ['all' => $precise, 'hot' => null]));
        self::assertSame(
            StopReason::TimeLimit,
            $rule->decide([300.0, 300.0], ['all' => $precise, 'hot' => null]),
            'time still bounds it',
        );
        self::assertSame(
            ['hot', null],
            StoppingRule::widest(['all' => $precise, 'hot' => null, 'trace' => self::comparison(0.1, 0.5)]),
        );
    }

    public function testNothingToCompareStopsAtTheMinimum(): void
    {
        $rule = new StoppingRule(3, 2.0, 600.0);

        self::assertNull($rule->decide([10.0, 10.0], []));
        self::assertSame(StopReason::NothingToCompare, $rule->decide([10.0, 10.0, 10.0], []));
        self::assertNull(StoppingRule::widest([]));
    }

    public function testTheWidestIntervalIsNamed(): void
    {
        [$name, $halfWidth] = StoppingRule::widest(
            [
                'all' => self::comparison(0.33, 0.36),
                'hot' => self::comparison(0.30, 0.40),
                'trace' => self::comparison(0.32, 0.37),
            ],
        ) ?? ['', null];

        self::assertSame('hot', $name);
        self::assertEqualsWithDelta(5.0, $halfWidth, 1e-9);
    }

    public function testBadBoundsAreRefused(): void
    {
        foreach (
            [
                [0, 2.0, 60.0],
                [3, 0.0, 60.0],
                [3, -1.0, 60.0],
                [3, 2.0, -1.0],
                [3, \INF, 60.0],
            ] as [$rounds, $precision, $seconds]
        ) {
            try {
                new StoppingRule($rounds, $precision, $seconds);
                self::fail(\sprintf('%d, %s, %s must be refused', $rounds, $precision, $seconds));
            } catch (\InvalidArgumentException) {
                $this->addToAssertionCount(1);
            }
        }
    }

    /** @param list<float> $ratios per-round ratios against a baseline of 100 req/s */
    private static function compare(array $ratios): ?PairedComparison
    {
        $rounds = range(1, \count($ratios));

        return (new PairedComparator())->compare(
            array_combine($rounds, array_map(static fn (float $r): float => 100.0 * $r, $ratios)),
            array_fill_keys($rounds, 100.0),
        );
    }

    /**
     * A gain with this interval, from $rounds paired rounds (by default enough for its interval to stop the
     * rounds).
     */
    private static function comparison(
        float $low,
        float $high,
        int $rounds = StoppingRule::MIN_PRECISE_ROUNDS,
    ): PairedComparison {
        $ratios = array_fill(1, $rounds, 1 + ($low + $high) / 2);
        $ratios[1] = 1 + $low;
        $ratios[2] = 1 + $high;

        return new PairedComparison(
            $ratios,
            1 + ($low + $high) / 2,
            new ConfidenceInterval($low, $high, 0.95),
            [],
            PairedEstimator::HodgesLehmann,
        );
    }
}
