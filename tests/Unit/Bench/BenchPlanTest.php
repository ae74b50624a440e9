<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\BenchPlan;
use Preheat\Bench\RoundSlot;

final class BenchPlanTest extends TestCase
{
    public function testEveryScenarioRunsOncePerRoundEachRoundStartingOneFurther(): void
    {
        $slots = (new BenchPlan(['none', 'all', 'hot'], 4))->slots();

        self::assertSame([
            '1 none', '1 all', '1 hot',
            '2 all', '2 hot', '2 none',
            '3 hot', '3 none', '3 all',
            '4 none', '4 all', '4 hot',
        ], array_map(static fn (RoundSlot $slot): string => $slot->round.' '.$slot->scenario, $slots));
    }

    public function testNothingToMeasureHasNoSlots(): void
    {
        self::assertSame([], (new BenchPlan([], 5))->slots());
    }
}
