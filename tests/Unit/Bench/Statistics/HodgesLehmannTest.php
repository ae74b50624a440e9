<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Statistics;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Statistics\HodgesLehmann;

/** Estimates and intervals checked against values worked out by enumerating every sign pattern. */
final class HodgesLehmannTest extends TestCase
{
    public function testTheEstimateIsTheMedianOfTheWalshAverages(): void
    {
        // Walsh averages of 1, 2, 9: 1, 1.5, 2, 5, 5.5, 9; median (2 + 5) / 2.
        self::assertSame(3.5, HodgesLehmann::estimate([1.0, 2.0, 9.0]));
        self::assertSame(5.0, HodgesLehmann::estimate([5.0]));
    }

    public function testSixValuesGiveTheirExtremesAt95Percent(): void
    {
        // n = 6: P(T = 0) = 1/64 <= 0.025 < P(T <= 1) = 2/64, so C = 0: the smallest and largest Walsh average.
        $interval = HodgesLehmann::interval([4.0, 1.0, 6.0, 2.0, 3.0, 5.0], 0.95);

        self::assertNotNull($interval);
        self::assertSame([1.0, 6.0], [$interval->low, $interval->high]);
    }

    public function testFiveValuesCannotGiveA95PercentInterval(): void
    {
        self::assertNull(HodgesLehmann::interval([1.0, 2.0, 3.0, 4.0, 5.0], 0.95));
        self::assertNotNull(HodgesLehmann::interval([1.0, 2.0, 3.0, 4.0, 5.0], 0.90), 'P(T = 0) = 1/32 <= 0.05');
    }

    public function testNineValuesLeaveOutFiveWalshAveragesAtEachEnd(): void
    {
        // n = 9: P(T <= 5) = 10/512 <= 0.025 < P(T <= 6) = 14/512, so C = 5. The Walsh averages of
        // 1 … 9 in order begin 1, 1.5, 2, 2, 2.5, 2.5, …: the 6th from each end is 2.5 and 7.5.
        $interval = HodgesLehmann::interval([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0], 0.95);

        self::assertNotNull($interval);
        self::assertSame([2.5, 7.5], [$interval->low, $interval->high]);
    }

    public function testPastTheExactLimitTheNormalApproximationGivesTheSameInterval(): void
    {
        // n = 101: the exact count is C = 1997; the approximation gives 1996. On 1 … 101 both pick
        // the Walsh averages 45 and 57, centred on the estimate 51.
        $values = array_map('floatval', range(1, 101));
        $interval = HodgesLehmann::interval($values, 0.95);

        self::assertNotNull($interval);
        self::assertSame([45.0, 57.0], [$interval->low, $interval->high]);
        self::assertSame(51.0, HodgesLehmann::estimate($values));
    }

    public function testAWildValueMovesTheEstimateLittle(): void
    {
        $steady = [1.30, 1.31, 1.29, 1.30, 1.32, 1.28, 1.30];
        $wild = [1.30, 1.31, 1.29, 1.30, 1.32, 1.28, 9.0];

        self::assertEqualsWithDelta(HodgesLehmann::estimate($steady), HodgesLehmann::estimate($wild), 0.02);
    }
}
