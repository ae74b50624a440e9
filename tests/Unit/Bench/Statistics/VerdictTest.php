<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Statistics;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Statistics\ConfidenceInterval;
use Preheat\Bench\Statistics\Verdict;

final class VerdictTest extends TestCase
{
    public function testTheIntervalDecides(): void
    {
        self::assertSame('faster', Verdict::of(new ConfidenceInterval(0.01, 0.2, 0.95))->value);
        self::assertSame('slower', Verdict::of(new ConfidenceInterval(-0.2, -0.01, 0.95))->value);
        self::assertSame('no measurable difference', Verdict::of(new ConfidenceInterval(-0.01, 0.2, 0.95))->value);
        self::assertSame(
            'no measurable difference',
            Verdict::of(new ConfidenceInterval(0.0, 0.2, 0.95))->value,
            'touching 0 decides nothing',
        );
    }
}
