<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\BenchRunner;

final class BenchRunnerTest extends TestCase
{
    public function testEachRoundStartsOneScenarioFurther(): void
    {
        $rounds = array_map(static fn (int $round): string => implode('', BenchRunner::rotated(['A', 'B', 'C'], $round)), range(0, 3));

        self::assertSame(['ABC', 'BCA', 'CAB', 'ABC'], $rounds);
        self::assertSame([], BenchRunner::rotated([], 2));
    }
}
