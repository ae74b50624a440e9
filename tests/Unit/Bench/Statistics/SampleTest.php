<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Statistics;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Bench\Statistics\Sample;

/**
 * Expected values are worked out by hand. Percentiles follow numpy's default ("linear") method:
 * sort the n values, take rank h = (n - 1) * p / 100, and return x[floor(h)] + (h - floor(h)) * (x[floor(h) + 1] -
 * x[floor(h)]).
 */
final class SampleTest extends TestCase
{
    public function testKeepsTheOriginalOrderAndCounts(): void
    {
        $sample = new Sample([3.0, 1.0, 2.0]);

        self::assertSame([3.0, 1.0, 2.0], $sample->values());
        self::assertSame([1.0, 2.0, 3.0], $sample->sorted());
        self::assertSame(3, $sample->count());
    }

    public function testMinMaxMean(): void
    {
        $sample = new Sample([4.0, -2.0, 10.0, 0.5]);

        self::assertSame(-2.0, $sample->min());
        self::assertSame(10.0, $sample->max());
        self::assertEqualsWithDelta(3.125, $sample->mean(), 1e-12); // 12.5 / 4
    }

    public function testMedianOfAnOddCountIsTheMiddleValue(): void
    {
        self::assertSame(7.0, (new Sample([9.0, 1.0, 7.0, 8.0, 2.0]))->median()); // sorted 1 2 7 8 9
        self::assertSame(5.0, (new Sample([5.0]))->median());
    }

    public function testMedianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues(): void
    {
        self::assertSame(2.5, (new Sample([4.0, 1.0, 3.0, 2.0]))->median()); // (2 + 3) / 2
        self::assertSame(6.0, (new Sample([10.0, 2.0]))->median());
    }

    /** @return iterable<string, array{list<float>, float, float}> */
    public static function percentiles(): iterable
    {
        $five = [50.0, 15.0, 40.0, 20.0, 35.0]; // sorted: 15 20 35 40 50, n - 1 = 4
        yield 'p0 is the minimum' => [$five, 0.0, 15.0];
        yield 'p25: h = 1, exactly x[1]' => [$five, 25.0, 20.0];
        yield 'p40: h = 1.6, 20 + 0.6 * (35 - 20)' => [$five, 40.0, 29.0];
        yield 'p50 is the median' => [$five, 50.0, 35.0];
        yield 'p90: h = 3.6, 40 + 0.6 * (50 - 40)' => [$five, 90.0, 46.0];
        yield 'p100 is the maximum' => [$five, 100.0, 50.0];
        $four = [4.0, 3.0, 2.0, 1.0]; // sorted: 1 2 3 4, n - 1 = 3
        yield 'p10: h = 0.3, 1 + 0.3 * 1' => [$four, 10.0, 1.3];
        yield 'p50: h = 1.5, the even median' => [$four, 50.0, 2.5];
        yield 'p95: h = 2.85, 3 + 0.85 * 1' => [$four, 95.0, 3.85];
        yield 'a single value is every percentile' => [[7.0], 33.0, 7.0];
    }

    /** @param list<float> $values */
    #[DataProvider('percentiles')]
    public function testPercentileInterpolatesLinearlyBetweenClosestRanks(
        array $values,
        float $p,
        float $expected,
    ): void {
        self::assertEqualsWithDelta($expected, (new Sample($values))->percentile($p), 1e-9);
    }

    public function testPercentileOutsideZeroToHundredIsRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        (new Sample([1.0, 2.0]))->percentile(100.5);
    }

    public function testNegativePercentileIsRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        (new Sample([1.0, 2.0]))->percentile(-1.0);
    }

    public function testMedianAbsoluteDeviation(): void
    {
        // median 2; |x - 2| = 1 1 0 0 2 4 7, sorted 0 0 1 1 2 4 7, median 1.
        $sample = new Sample([1.0, 1.0, 2.0, 2.0, 4.0, 6.0, 9.0]);

        self::assertSame(1.0, $sample->mad());
        self::assertSame(0.5, $sample->relativeMad()); // 1 / 2
    }

    public function testMadOfAnEvenCount(): void
    {
        // median (20 + 30) / 2 = 25; |x - 25| = 15 5 5 75, sorted 5 5 15 75, median (5 + 15) / 2 = 10.
        $sample = new Sample([10.0, 20.0, 30.0, 100.0]);

        self::assertSame(10.0, $sample->mad());
        self::assertSame(0.4, $sample->relativeMad());
    }

    public function testRelativeMadIsZeroWhenTheMedianIsZero(): void
    {
        $sample = new Sample([-1.0, 0.0, 3.0]);

        self::assertSame(1.0, $sample->mad()); // |x| = 1 0 3, median 1
        self::assertSame(0.0, $sample->relativeMad());
    }

    public function testEmptySampleIsRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        new Sample([]);
    }

    public function testNanIsRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        new Sample([1.0, \NAN]);
    }

    public function testInfinityIsRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        new Sample([-\INF, 1.0]);
    }
}
