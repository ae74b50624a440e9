<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Statistics;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Statistics\ConfidenceInterval;

final class ConfidenceIntervalTest extends TestCase
{
    public function testContainsIsInclusiveAtBothEnds(): void
    {
        $interval = new ConfidenceInterval(1.1, 1.3, 0.95);

        self::assertTrue($interval->contains(1.1));
        self::assertTrue($interval->contains(1.2));
        self::assertTrue($interval->contains(1.3));
        self::assertFalse($interval->contains(1.0999));
        self::assertFalse($interval->contains(1.3001));
        self::assertSame(0.95, $interval->level);
    }

    public function testBoundsOutOfOrderAreRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        new ConfidenceInterval(2.0, 1.0, 0.95);
    }

    public function testLevelMustLieBetweenZeroAndOne(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        new ConfidenceInterval(1.0, 2.0, 95.0);
    }
}
