<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Util;

use PHPUnit\Framework\TestCase;
use Preheat\Util\EchoedValue;

/** A value shown back in a message: whole when short, else cut to 200 characters with its size. */
final class EchoedValueTest extends TestCase
{
    public function testAShortValueIsShownWhole(): void
    {
        self::assertSame('"/login"', EchoedValue::of('/login'));
        self::assertSame('{"a":1}', EchoedValue::of(['a' => 1]));
        self::assertSame('-2', EchoedValue::of(-2));
    }

    public function testALongValueIsCutAndItsSizeSaid(): void
    {
        self::assertSame('"'.str_repeat('x', 200).'…" (62914560 bytes)', EchoedValue::of(str_repeat('x', 62914560)));
        self::assertSame('['.str_repeat('1,', 99).'1… (601 bytes)', EchoedValue::of(array_fill(0, 300, 1)));
    }

    public function testACutNeverSplitsACharacter(): void
    {
        // 300 two-byte characters: the cut at byte 200 falls between two.
        self::assertSame(str_repeat('é', 100).'…', EchoedValue::cut(str_repeat('é', 300)));
        self::assertSame(str_repeat('x', 199).'…', EchoedValue::cut(str_repeat('x', 199).str_repeat('é', 10)));
    }
}
