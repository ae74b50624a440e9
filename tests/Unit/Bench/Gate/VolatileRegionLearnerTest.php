<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Gate;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Gate\VolatileMask;
use Preheat\Bench\Gate\VolatileRegionLearner;

final class VolatileRegionLearnerTest extends TestCase
{
    public function testAValueIsLearnedWholeEvenWhenOnlyPartOfItChanged(): void
    {
        $mask = (new VolatileRegionLearner())->learn(['<p>at 15:00:58, ok</p>', '<p>at 15:00:59, ok</p>']);

        self::assertCount(1, $mask->regions);
        self::assertSame('<p>at «volatile», ok</p>', $mask->compare('<p>at 15:00:58, ok</p>')->expected);
        self::assertTrue($mask->compare('<p>at 16:02:03, ok</p>')->same(), 'the minutes and hours may change too');
        self::assertFalse($mask->compare('<p>at never, ok</p>')->same(), 'letters where only digits were seen');
        self::assertFalse($mask->compare('<p>at 15:00:58, OK</p>')->same());
    }

    public function testARealChangeNextToAVolatileValueIsShownWithThePagesOwnValue(): void
    {
        $mask = (new VolatileRegionLearner())->learn(['<i>id a1b2</i> <b>Hello</b>', '<i>id ffe0</i> <b>Hello</b>']);

        $pair = $mask->compare('<i>id 9c9c</i> <b>Bye</b>');

        self::assertSame('<i>id «volatile»</i> <b>Hello</b>', $pair->expected);
        self::assertSame('<i>id «volatile»</i> <b>Bye</b>', $pair->actual);
    }

    public function testValuesThatComeAndGoBetweenDelimiters(): void
    {
        $mask = (new VolatileRegionLearner())->learn(['<ul><li>a</li></ul>', '<ul><li>a</li><li>7</li></ul>', '<ul><li>a</li><li>8</li></ul>']);

        self::assertTrue($mask->compare('<ul><li>a</li><li>9</li></ul>')->same());
        self::assertTrue($mask->compare('<ul><li>a</li></ul>')->same());
        self::assertFalse($mask->compare('<ul><li>b</li></ul>')->same());
    }

    public function testIdenticalSamplesLearnNothing(): void
    {
        $mask = (new VolatileRegionLearner())->learn(['same', 'same', 'same']);

        self::assertSame([], $mask->regions);
        self::assertFalse($mask->compare('other')->same());
    }

    public function testAPageOverTheAlignLimitIsComparedWholeNeverMasked(): void
    {
        // A download: millions of tokens, which aligning would hold in gigabytes. A byte that changes
        // between identical requests is not learned as volatile there: the page must come back identical.
        $large = str_repeat('word ', intdiv(VolatileMask::ALIGN_LIMIT, 5) + 1).'at 15:00:58';
        $mask = (new VolatileRegionLearner())->learn([$large, str_replace('15:00:58', '15:00:59', $large)]);

        self::assertSame([], $mask->regions);
        self::assertFalse($mask->exact);
        self::assertTrue($mask->compare($large)->same());
        $pair = $mask->compare(str_replace('15:00:58', '15:00:57', $large));
        self::assertFalse($pair->same());
        self::assertSame(1, $pair->firstDifference()?->line);
    }

    public function testALargeIdenticalPageIsLearnedAndComparedWithoutTokens(): void
    {
        $large = str_repeat("<p>row</p>\n", intdiv(VolatileMask::ALIGN_LIMIT, 11) + 1);
        $mask = (new VolatileRegionLearner())->learn([$large, $large, $large]);

        self::assertTrue($mask->exact);
        self::assertTrue($mask->compare($large)->same());
        self::assertFalse($mask->compare($large.'!')->same());
    }
}
