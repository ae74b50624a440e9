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
    public function testEachGainNeedsTheSquareOfItsShortfallInStartsAndTime(): void
    {
        // ±4.3 points against ±2: (4.3 / 2)² = 4.6 times the 5 starts and the 234 s measured; ±2.8: 2.0 times.
        $advice = PrecisionShortfall::advice(
            ['3-autoloader' => self::gain(0.026, -0.027, 0.059), '2-opcache-sizing' => self::gain(0.02, -0.008, 0.048)],
            2.0,
            234.0,
            5,
            true,
        );

        self::assertSame(
            'An interval narrows with the square root of the server starts it spans (5 here): ±2 points needs about so'
                .' many times as many, and as much measuring at this run\'s pace: 3-autoloader 4.6 times (18 min),'
                .' 2-opcache-sizing 2.0 times (8 min).',
            $advice,
        );
    }

    public function testALargeGainIsSaidToBeWideInPointsForTheSameRelativeNoise(): void
    {
        // The ceiling: +88.2 % (+81.1 … +94.8 %), ±6.8 points, a ratio of 1.88: ±3.6 % of it; ±2 points needs ±1.1 %.
        $advice = PrecisionShortfall::advice(
            ['6-ceiling' => self::gain(0.882, 0.811, 0.948), '4-preload-hot' => self::gain(0.2, 0.11, 0.227)],
            2.0,
            234.0,
            5,
            true,
        );

        self::assertNotNull($advice);
        self::assertStringContainsString(': 6-ceiling 12 times (46 min), 4-preload-hot 8.6 times (33 min).', $advice);
        self::assertStringEndsWith(
            ' 6-ceiling\'s ±6.8 at +88.2% is ±3.6% of its ratio to the baseline, 1.88: a gain that large is 1.9 times'
                .' as many points wide as a gain near 0 measured as precisely, and ±2 points needs that ratio within'
                .' ±1.1%.',
            $advice,
        );
    }

    public function testWithoutRestartsTheRoundsAreCountedAndABoundlessEstimateIsNotGiven(): void
    {
        $advice = PrecisionShortfall::advice(
            ['all' => self::gain(0.15, 0.0, 0.30), 'hot' => null, 'trace' => self::gain(0.1, 0.095, 0.105)],
            1.0,
            60.0,
            12,
            false,
        );

        // hot has no interval and trace is within the target: neither is named.
        self::assertSame(
            'An interval narrows with the square root of the rounds it spans (12 here): ±1 points needs about so many'
                .' times as many, and as much measuring at this run\'s pace: all 225 times (more than one run can'
                .' measure).',
            $advice,
        );
    }

    public function testWithoutAnIntervalThereIsNoAdvice(): void
    {
        self::assertNull(PrecisionShortfall::advice(['hot' => null], 2.0, 60.0, 3, true));
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
