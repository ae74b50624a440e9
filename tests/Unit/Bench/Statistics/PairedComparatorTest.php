<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Statistics;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Statistics\Bootstrap;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Bench\Statistics\PairedEstimator;
use Preheat\Bench\Statistics\Sample;
use Preheat\Bench\Statistics\Verdict;

/** The paired estimate, its interval and verdict, checked against samples worked out by hand. */
final class PairedComparatorTest extends TestCase
{
    public function testTheEstimateIsTheMedianOfThePerRoundRatiosNotTheRatioOfMedians(): void
    {
        // Per-round gains 24.5, 22.9, 37.3, 26.5, 26.9 %, with the baseline drifting between 100 and 200
        // req/s from round to round, so that the two estimates differ.
        $baseline = [1 => 100.0, 2 => 200.0, 3 => 100.0, 4 => 200.0, 5 => 100.0];
        $treatment = [1 => 124.5, 2 => 245.8, 3 => 137.3, 4 => 253.0, 5 => 126.9];
        $comparison = (new PairedComparator())->compare($treatment, $baseline);

        self::assertNotNull($comparison);
        // Ratios 1.245, 1.229, 1.373, 1.265, 1.269: median 1.265. The ratio of medians would be 137.3 / 100 = +37.3 %.
        self::assertEqualsWithDelta(0.265, $comparison->gain(), 1e-9);
        self::assertSame(5, $comparison->rounds());
    }

    public function testPairingCancelsWhatChangesBetweenRounds(): void
    {
        // The machine got slower round by round; the scenario was 10% faster in every round.
        $baseline = [1 => 100.0, 2 => 200.0, 3 => 300.0, 4 => 400.0, 5 => 500.0];
        $treatment = array_map(static fn (float $v): float => $v * 1.1, $baseline);
        $bootstrap = new Bootstrap(2000, 1);

        $paired = (new PairedComparator($bootstrap))->compare($treatment, $baseline);
        $independent = $bootstrap->gain(new Sample(array_values($treatment)), new Sample(array_values($baseline)));

        self::assertNotNull($paired?->interval);
        self::assertEqualsWithDelta(0.1, $paired->interval->low, 1e-9);
        self::assertEqualsWithDelta(0.1, $paired->interval->high, 1e-9);
        self::assertGreaterThan(
            0.5,
            $independent->high - $independent->low,
            'resampled independently, the drift swamps the gain',
        );
    }

    public function testFiveRoundsGiveTheirExtremesAsThe95PercentInterval(): void
    {
        // Five distinct ratios: a resample's median is the smallest one when at least 3 of 5 draws hit it,
        // P = 10·0.2³·0.8² + 5·0.2⁴·0.8 + 0.2⁵ = 0.05792 > 0.025, likewise the largest: the 2.5th and
        // 97.5th percentiles of the bootstrap are the smallest and largest ratio.
        $comparison = (new PairedComparator())->compare(
            [1 => 143.0, 2 => 136.0, 3 => 135.0, 4 => 134.0, 5 => 140.0],
            [1 => 100.0, 2 => 100.0, 3 => 100.0, 4 => 100.0, 5 => 100.0],
        );

        self::assertNotNull($comparison?->interval);
        self::assertEqualsWithDelta(0.36, $comparison->gain(), 1e-9);
        self::assertEqualsWithDelta(0.34, $comparison->interval->low, 1e-9);
        self::assertEqualsWithDelta(0.43, $comparison->interval->high, 1e-9);
        self::assertSame(Verdict::Faster, $comparison->verdict());
    }

    public function testFromSixRoundsTheEstimateAndIntervalAreHodgesLehmannOnTheLogRatios(): void
    {
        // Nine ratios 0.91 … 0.99. Their logs' Walsh averages give the centre exp(…) - 1 = -5.02 %, and
        // with C = 5 (P(T <= 5) = 10/512) the interval -7.50 % … -2.51 %: narrower than the bootstrap of
        // the median (-8 % … -2 %), and no longer only the rounds' own values.
        $treatment = $baseline = [];
        foreach (range(1, 9) as $round) {
            $treatment[$round] = 90.0 + $round;
            $baseline[$round] = 100.0;
        }
        $comparison = (new PairedComparator())->compare($treatment, $baseline);

        self::assertNotNull($comparison?->interval);
        self::assertEqualsWithDelta(-0.050211, $comparison->gain(), 1e-6);
        self::assertEqualsWithDelta(-0.075014, $comparison->interval->low, 1e-6);
        self::assertEqualsWithDelta(-0.025115, $comparison->interval->high, 1e-6);
        self::assertSame(Verdict::Slower, $comparison->verdict());
    }

    public function testTheIssuesSixSteadyRoundsGiveANarrowInterval(): void
    {
        // all / none on the demo, one round each: 1.43, 1.36, 1.35, 1.34, 1.40, 1.38.
        $comparison = (new PairedComparator())->compare(
            [1 => 143.0, 2 => 136.0, 3 => 135.0, 4 => 134.0, 5 => 140.0, 6 => 138.0],
            array_fill(1, 6, 100.0),
        );

        self::assertNotNull($comparison?->interval);
        self::assertEqualsWithDelta(0.374773, $comparison->gain(), 1e-6);
        self::assertEqualsWithDelta(0.34, $comparison->interval->low, 1e-9);
        self::assertEqualsWithDelta(0.43, $comparison->interval->high, 1e-9);
    }

    public function testTheEstimateAlwaysLiesInsideItsInterval(): void
    {
        $comparison = (new PairedComparator())->compare(
            [1 => 124.5, 2 => 122.9, 3 => 137.3, 4 => 126.5, 5 => 126.9],
            [1 => 100.0, 2 => 100.0, 3 => 100.0, 4 => 100.0, 5 => 100.0],
        );

        self::assertNotNull($comparison?->interval);
        self::assertTrue($comparison->interval->contains($comparison->gain()));
    }

    public function testIdenticalScenariosShowNoMeasurableDifference(): void
    {
        $comparison = (new PairedComparator())->compare(
            [1 => 101.0, 2 => 99.0, 3 => 100.0, 4 => 98.0],
            [1 => 99.0, 2 => 101.0, 3 => 100.0, 4 => 99.0],
        );

        self::assertSame(Verdict::NoMeasurableDifference, $comparison?->verdict());
    }

    public function testFewerThanThreeRoundsGiveNoIntervalAndNoVerdict(): void
    {
        $two = (new PairedComparator())->compare([1 => 178.8, 2 => 178.8], [1 => 100.0, 2 => 100.0]);
        $three = (new PairedComparator())->compare(
            [1 => 178.8, 2 => 178.8, 3 => 178.8],
            [1 => 100.0, 2 => 100.0, 3 => 100.0],
        );

        self::assertNotNull($two);
        self::assertEqualsWithDelta(0.788, $two->gain(), 1e-9, 'the estimate is still given');
        self::assertNull($two->interval);
        self::assertNull($two->verdict());
        self::assertSame(3, PairedComparator::MIN_ROUNDS);
        self::assertNotNull($three?->interval);
    }

    public function testAcrossRestartsEachStartsRoundsCountAsOneRatioAndTheIntervalIsOverTheStarts(): void
    {
        // Six starts of two rounds each: within a start the two rounds agree closely, between starts the
        // ratio moves by a point or so (how a server started anew differs from its twin).
        $perStart = [1.00, 1.02, 0.99, 1.01, 1.03, 0.98];
        $treatment = $baseline = $instances = [];
        foreach ($perStart as $start => $ratio) {
            foreach ([0.999, 1.001] as $i => $wobble) {
                $round = 2 * $start + $i + 1;
                $treatment[$round] = 100.0 * $ratio * $wobble;
                $baseline[$round] = 100.0;
                $instances[$round] = $start + 1;
            }
        }

        $overRounds = (new PairedComparator())->compare($treatment, $baseline);
        $overStarts = (new PairedComparator())->compare($treatment, $baseline, $instances);

        self::assertNotNull($overRounds);
        self::assertNotNull($overStarts);
        self::assertSame(PairedEstimator::HodgesLehmann, $overRounds->estimator);
        self::assertSame(PairedEstimator::RestartsHodgesLehmann, $overStarts->estimator);
        self::assertSame(12, $overStarts->rounds(), 'every round is still kept');
        self::assertNotNull($overRounds->interval);
        self::assertNotNull($overStarts->interval);
        // Twelve rounds that pair up as six starts: over the rounds the interval counts each start twice.
        self::assertGreaterThan(
            $overRounds->interval->high - $overRounds->interval->low,
            $overStarts->interval->high - $overStarts->interval->low,
        );
        self::assertEqualsWithDelta(
            0.98 - 1,
            $overStarts->interval->low,
            1e-3,
            'six starts: the signed-rank interval is their extremes',
        );
        self::assertEqualsWithDelta(1.03 - 1, $overStarts->interval->high, 1e-3);
        self::assertTrue($overStarts->estimator->spansRestarts());

        $threeStarts = (new PairedComparator())->compare(
            \array_slice($treatment, 0, 6, true),
            \array_slice($baseline, 0, 6, true),
            $instances,
        );
        self::assertSame(
            PairedEstimator::RestartsMedian,
            $threeStarts?->estimator,
            'fewer than six starts: their median, bootstrapped',
        );
        self::assertSame(
            PairedEstimator::HodgesLehmann,
            (new PairedComparator())->compare(
                $treatment,
                $baseline,
                array_fill_keys(array_keys($treatment), 1),
            )?->estimator,
            'one start: the rounds are the units',
        );
    }

    public function testOnlyRoundsMeasuredOnBothSidesArePaired(): void
    {
        $comparison = (new PairedComparator())->compare(
            [1 => 120.0, 2 => 60.0, 4 => 130.0],
            [1 => 100.0, 3 => 100.0, 4 => 100.0],
        );

        self::assertSame([1 => 1.2, 4 => 1.3], $comparison?->ratios);
        self::assertNull((new PairedComparator())->compare([1 => 1.0], [2 => 1.0]));
    }

    public function testAnOutlierRoundIsFlaggedAndStillCounted(): void
    {
        $comparison = (new PairedComparator())->compare(
            [1 => 143.0, 2 => 136.0, 3 => 80.0, 4 => 134.0, 5 => 140.0],
            [1 => 100.0, 2 => 100.0, 3 => 100.0, 4 => 100.0, 5 => 100.0],
        );

        self::assertNotNull($comparison);
        self::assertSame([3], array_map(static fn ($o): int => $o->round, $comparison->outliers));
        self::assertSame(5, $comparison->rounds());
    }

    public function testAZeroBaselineIsRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        (new PairedComparator())->compare([1 => 1.0], [1 => 0.0]);
    }
}
