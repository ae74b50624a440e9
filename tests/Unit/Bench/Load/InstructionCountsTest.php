<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Load;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\InstructionCounts;

final class InstructionCountsTest extends TestCase
{
    public function testAChoreOnOneRequestMovesTheTotalNotTheMinimumNorTheMedian(): void
    {
        // Five requests of a page, the third walking the sessions folder (Laravel's session lottery).
        $page = InstructionCounts::ofRequests([40_000_000, 40_100_000, 176_000_000, 40_050_000, 40_020_000]);

        self::assertSame(336_170_000, $page->total);
        self::assertSame(40_000_000.0, $page->minimumPerRequest);
        self::assertSame(40_050_000.0, $page->medianPerRequest);
    }

    public function testPagesAddUpAndTheirPerRequestFiguresAreAveraged(): void
    {
        $home = InstructionCounts::ofRequests([30, 10, 20, 40]);
        $post = InstructionCounts::ofRequests([100, 100]);

        $both = InstructionCounts::combine([$home, $post]);

        self::assertSame(300, $both->total);
        self::assertSame((25.0 + 100.0) / 2, $both->medianPerRequest);
        self::assertSame((10.0 + 100.0) / 2, $both->minimumPerRequest);
        self::assertNull(InstructionCounts::combine([$home, new InstructionCounts(50)])->minimumPerRequest, 'not known for every page');
        self::assertSame(0, InstructionCounts::ofRequests([])->total);
    }
}
