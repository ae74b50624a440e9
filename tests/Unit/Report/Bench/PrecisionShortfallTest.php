<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Statistics\ConfidenceInterval;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\PairedEstimator;
use Preheat\Report\Bench\PrecisionShortfall;

final class PrecisionShortfallTest extends TestCase
{
    public function testASmallGainNeedsTheSquareOfItsShortfallInStartsAndTime(): void
    {
        // ±4.3 points against ±2: (4.3 / 2)² = 4.6 times the 5 starts, and as many times the 234 s measured.
        $clauses = PrecisionShortfall::clauses(
            ['3-autoloader' => self::gain(0.026, -0.027, 0.059)],
            2.0,
            234.0,
            5,
            true,
        );

        self::assertSame(
            ['3-autoloader (±4.3) needs about 4.6 times the server starts (5 here), some 18 min 1.7 s of measuring at'
                .' this run\'s pace'],
            $clauses,
        );
    }

    public function testALargeGainIsSaidToBeWideInPointsForTheSameRelativeNoise(): void
    {
        // The ceiling: +88.2 % (+81.1 … +94.8 %), ±6.8 points, a ratio of 1.88: ±3.7 % of it; ±2 points needs ±1.1 %.
        $clauses = PrecisionShortfall::clauses(
            ['6-ceiling' => self::gain(0.882, 0.811, 0.948)],
            2.0,
            234.0,
            5,
            true,
        );

        self::assertCount(1, $clauses);
        self::assertStringStartsWith('6-ceiling (±6.8) needs about 12 times the server starts (5 here), some ', $clauses[0]);
        self::assertStringEndsWith(
            '; at +88.2% its interval is ±3.6% of its ratio to the baseline, 1.88, and so 1.9 times as many points as'
                .' a gain near 0 measured as precisely: ±2 points needs that ratio within ±1.1%',
            $clauses[0],
        );
    }

    public function testWithoutRestartsTheRoundsAreCountedAndABoundlessEstimateIsNotGiven(): void
    {
        $clauses = PrecisionShortfall::clauses(
            ['all' => self::gain(0.15, 0.0, 0.30), 'hot' => null, 'trace' => self::gain(0.1, 0.095, 0.105)],
            1.0,
            60.0,
            12,
            false,
        );

        // hot has no interval and trace is within the target: neither gets a clause.
        self::assertSame(
            ['all (±15.0) needs about 225 times the rounds (12 here), more than this bench can measure in one run'],
            $clauses,
        );
    }

    private static function gain(float $gain, float $low, float $high): PairedComparison
    {
        return new PairedComparison(
            [1 => 1.0 + $gain],
            1.0 + $gain,
            new ConfidenceInterval($low, $high, 0.95),
            [],
            PairedEstimator::RestartsHodgesLehmann,
        );
    }
}
