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

    public function testRoundsPastThePlannedOnesGoOnRotating(): void
    {
        $plan = new BenchPlan(['none', 'all', 'hot'], 2);

        self::assertSame(['none', 'all', 'hot'], array_map(static fn (RoundSlot $slot): string => $slot->scenario, $plan->round(4)));
        self::assertSame(['all', 'hot', 'none'], array_map(static fn (RoundSlot $slot): string => $slot->scenario, $plan->round(5)));
        self::assertSame([5, 5, 5], array_map(static fn (RoundSlot $slot): int => $slot->round, $plan->round(5)));
        self::assertEquals(\array_slice($plan->slots(), 3), $plan->round(2), 'a planned round is the same either way');
    }

    public function testNothingToMeasureHasNoSlots(): void
    {
        self::assertSame([], (new BenchPlan([], 5))->slots());
    }

    public function testEachRoundStartsOneScenarioFurther(): void
    {
        $rounds = array_map(static fn (int $round): string => implode('', BenchPlan::rotated(['A', 'B', 'C'], $round)), range(0, 3));

        self::assertSame(['ABC', 'BCA', 'CAB', 'ABC'], $rounds);
        self::assertSame([], BenchPlan::rotated([], 2));
    }
}
