<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Gate;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Gate\FirstDifference;

final class FirstDifferenceTest extends TestCase
{
    public function testEqualTextsHaveNone(): void
    {
        self::assertNull(FirstDifference::between('same', 'same'));
    }

    public function testLineColumnAndTheBytesAroundOnEachSide(): void
    {
        $difference = FirstDifference::between("one\ntwo\nthree four", "one\ntwo\nthree FOUR!", 6);

        self::assertNotNull($difference);
        self::assertSame(3, $difference->line);
        self::assertSame(7, $difference->column);
        self::assertSame("first difference at line 3, column 7 (byte 15):\n  a: …three ▶four\n  b: …three ▶FOUR!", $difference->render('a', 'b'));
    }

    public function testOneTextEndingEarlierAndUnprintableBytes(): void
    {
        $difference = FirstDifference::between("ok\x00\xff", "ok\x00\xff tail");

        self::assertNotNull($difference);
        self::assertSame("first difference at line 1, column 5 (byte 5):\n  expected: ok\\x00\\xFF▶(end)\n  actual:   ok\\x00\\xFF▶ tail", $difference->render('expected', 'actual'));
    }

    public function testNoHalfCharactersAtTheCuts(): void
    {
        $difference = FirstDifference::between('ééé|a', 'ééé|b', 3);

        self::assertNotNull($difference);
        self::assertStringContainsString('a: …é|▶a', $difference->render('a', 'b'));
    }
}
