<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Report\Bench\Cells;

final class CellsTest extends TestCase
{
    public function testWithoutRestartsMoreRoundsGiveAnInterval(): void
    {
        $comparison = (new PairedComparator())->compare([1 => 1.1, 2 => 1.2], [1 => 1.0, 2 => 1.0]);

        self::assertNotNull($comparison);
        self::assertSame(
            '2 rounds: too few for an interval; use --rounds=3 or more',
            Cells::noIntervalReason($comparison),
        );
    }

    public function testOverRestartsTheReasonIsTheServerStartsNotTheRounds(): void
    {
        // Eight rounds over two server starts: more rounds would not help, a third start would.
        $rounds = range(1, 8);
        $comparison = (new PairedComparator())->compare(
            array_fill_keys($rounds, 1.1),
            array_fill_keys($rounds, 1.0),
            [1 => 1, 2 => 1, 3 => 1, 4 => 1, 5 => 2, 6 => 2, 7 => 2, 8 => 2],
        );

        self::assertNotNull($comparison);
        self::assertNull($comparison->interval);
        $reason = Cells::noIntervalReason($comparison);
        self::assertSame(
            '8 rounds over fewer than 3 server starts: too few for an interval over starts; give the rounds more '
            .'time (--max-time) or start the servers anew more often (--restart-every)',
            $reason,
        );
    }
}
