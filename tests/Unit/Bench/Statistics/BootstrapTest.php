<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Statistics;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Statistics\Bootstrap;
use Preheat\Bench\Statistics\Sample;

final class BootstrapTest extends TestCase
{
    /** Ten runs spread about ±3 % around 100. */
    private const BASELINE = [100.0, 102.0, 98.0, 101.0, 99.0, 103.0, 97.0, 100.5, 99.5, 101.5];

    public function testSameSeedGivesTheSameIntervalAndItIsPinned(): void
    {
        $baseline = new Sample(self::BASELINE);
        $treatment = new Sample(array_map(static fn (float $x): float => $x * 1.2, self::BASELINE));

        $first = (new Bootstrap())->ratioOfMedians($treatment, $baseline);
        $second = (new Bootstrap())->ratioOfMedians($treatment, $baseline);

        self::assertSame([$first->low, $first->high], [$second->low, $second->high]);
        self::assertSame(0.95, $first->level);
        // Treatment is exactly 1.2 x baseline; both are resampled independently, so the interval is centred
        // on 1.2 with a width set by the ±3 % spread of the runs. Values pinned from this implementation
        // (Mt19937 seed 1, 10000 resamples); they are the same on every machine.
        self::assertTrue($first->contains(1.2));
        self::assertLessThan(0.05, $first->high - $first->low);
        self::assertSame(1.176238, round($first->low, 6));
        self::assertSame(1.224183, round($first->high, 6));
    }

    public function testIdenticalSamplesGiveAnIntervalAroundOne(): void
    {
        $sample = new Sample(self::BASELINE);
        $bootstrap = new Bootstrap(2000, 7);

        $ratio = $bootstrap->ratioOfMedians($sample, $sample);
        self::assertTrue($ratio->contains(1.0));
        self::assertLessThan(1.0, $ratio->low);
        self::assertGreaterThan(1.0, $ratio->high);
        self::assertTrue($bootstrap->gain($sample, $sample)->contains(0.0));
    }

    public function testADifferentSeedGivesADifferentInterval(): void
    {
        $baseline = new Sample(self::BASELINE);
        $treatment = new Sample([121.0, 118.5, 125.0, 119.0, 122.0, 120.5, 117.0, 123.5, 120.0, 124.0]);

        $one = (new Bootstrap(2000, 1))->ratioOfMedians($treatment, $baseline);
        $two = (new Bootstrap(2000, 2))->ratioOfMedians($treatment, $baseline);

        self::assertNotSame([$one->low, $one->high], [$two->low, $two->high]);
        // ...but only slightly: both estimate the same thing.
        self::assertEqualsWithDelta($one->low, $two->low, 0.01);
        self::assertEqualsWithDelta($one->high, $two->high, 0.01);
    }

    public function testGainIsTheRatioMinusOne(): void
    {
        $baseline = new Sample(self::BASELINE);
        $treatment = new Sample([121.0, 118.5, 125.0, 119.0, 122.0, 120.5, 117.0, 123.5, 120.0, 124.0]);
        $bootstrap = new Bootstrap(3000, 5);

        $ratio = $bootstrap->ratioOfMedians($treatment, $baseline, 0.9);
        $gain = $bootstrap->gain($treatment, $baseline, 0.9);

        self::assertEqualsWithDelta($ratio->low - 1.0, $gain->low, 1e-12);
        self::assertEqualsWithDelta($ratio->high - 1.0, $gain->high, 1e-12);
        self::assertSame(0.9, $gain->level);
        // Medians 121.5 / 100.25: a gain of about +21 %.
        self::assertTrue($gain->contains(121.5 / 100.25 - 1.0));
        self::assertGreaterThan(0.15, $gain->low);
    }

    public function testConstantSamplesGiveAPointInterval(): void
    {
        $interval = (new Bootstrap(100))->ratioOfMedians(new Sample([3.0, 3.0, 3.0]), new Sample([2.0, 2.0]));

        self::assertSame(1.5, $interval->low);
        self::assertSame(1.5, $interval->high);
    }

    public function testAHigherLevelGivesAWiderInterval(): void
    {
        $baseline = new Sample(self::BASELINE);
        $treatment = new Sample([121.0, 118.5, 125.0, 119.0, 122.0, 120.5, 117.0, 123.5, 120.0, 124.0]);
        $bootstrap = new Bootstrap(2000);

        $narrow = $bootstrap->ratioOfMedians($treatment, $baseline, 0.5);
        $wide = $bootstrap->ratioOfMedians($treatment, $baseline, 0.99);

        self::assertLessThan($narrow->low, $wide->low);
        self::assertGreaterThan($narrow->high, $wide->high);
    }

    public function testEmptySampleIsRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        (new Bootstrap())->ratioOfMedians(new Sample([]), new Sample([1.0]));
    }

    public function testZeroMedianBaselineIsRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('baseline median is 0');
        (new Bootstrap(10))->ratioOfMedians(new Sample([1.0, 2.0]), new Sample([0.0, 0.0, 5.0]));
    }

    public function testZeroMedianBaselineIsRejectedByGain(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        (new Bootstrap(10))->gain(new Sample([1.0, 2.0]), new Sample([-1.0, 0.0, 1.0]));
    }

    public function testABaselineResampleWithMedianZeroIsRejected(): void
    {
        // Median 5, but with 2 zeros in 5 values some resamples draw three or more zeros.
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('baseline resample');
        (new Bootstrap(1000))->ratioOfMedians(new Sample([1.0, 2.0]), new Sample([0.0, 0.0, 5.0, 5.0, 5.0]));
    }

    public function testLevelOutsideZeroToOneIsRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        (new Bootstrap(10))->ratioOfMedians(new Sample([1.0]), new Sample([1.0]), 1.0);
    }

    public function testAtLeastOneResampleIsNeeded(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        new Bootstrap(0);
    }

    public function testTheMedianOfThreeValuesHasThemAllInItsInterval(): void
    {
        // A resample of three draws has the smallest value as its median when at least two draws hit it:
        // P = 3·(1/3)²·(2/3) + (1/3)³ = 7/27 > 0.025, likewise the largest.
        $interval = (new Bootstrap(4000, 9))->median([1.3, 1.1, 1.2]);

        self::assertEqualsWithDelta(1.1, $interval->low, 1e-12);
        self::assertEqualsWithDelta(1.3, $interval->high, 1e-12);
        self::assertEquals($interval, (new Bootstrap(4000, 9))->median([1.3, 1.1, 1.2]), 'seeded: the same every time');
    }
}
