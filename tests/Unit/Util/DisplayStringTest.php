<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Util;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Report\Json;
use Preheat\Util\DisplayString;

final class DisplayStringTest extends TestCase
{
    public function testValidUtf8IsShownAsItIs(): void
    {
        self::assertSame('Acme\Db\Café', DisplayString::of('Acme\Db\Café'));
    }

    public function testInvalidBytesAreEscapedAndBackslashesDoubled(): void
    {
        self::assertSame('\xA9', DisplayString::of("\xa9"));
        self::assertSame('Foo\\\\Bar\xA9', DisplayString::of("Foo\\Bar\xa9"));
    }

    public function testControlCharactersAreEscapedLikeInvalidBytes(): void
    {
        self::assertSame('src/\x1B]0;PWNED\x07\x1B[2J.php', DisplayString::of("src/\e]0;PWNED\x07\e[2J.php"));
        self::assertSame('a\\\\b\x0D\x0A\xC2\x85\xE2\x80\xA8', DisplayString::of("a\\b\r\n\u{85}\u{2028}"));
        // JSON escapes them itself: its form keeps them.
        self::assertSame(["a\e\r" => "\u{9B}"], DisplayString::deep(["a\e\r" => "\u{9B}"]));
        // A text of lines keeps its line feeds and tabs, and its backslashes.
        self::assertSame("Foo\\Bar\\x1B[2J\n\tnext", DisplayString::controlsEscaped("Foo\\Bar\e[2J\n\tnext"));
    }

    /** @return iterable<string, array{string}> */
    public static function names(): iterable
    {
        yield 'plain' => ['Acme\Db\Driver'];
        yield 'one byte' => ["\xa9"];
        yield 'namespaced byte' => ["Foo\\Bar\xa9"];
        yield 'looks escaped' => ['Foo\xA9'];
        yield 'looks escaped and invalid' => ["Foo\\xA9\xff"];
        yield 'double backslash' => ['a\\\\b'];
        yield 'utf-8 and invalid' => ["Café\xc3"];
        yield 'terminal escapes' => ["Foo\\Bar\e]0;x\x07\r\u{9B}"];
    }

    #[DataProvider('names')]
    public function testTheShownFormGivesTheBytesBack(string $bytes): void
    {
        $shown = DisplayString::of($bytes);

        self::assertTrue((bool) preg_match('//u', $shown), 'valid UTF-8');
        self::assertSame($bytes, DisplayString::decode($shown));
    }

    public function testJsonNeverFailsOnANameThatIsNotUtf8(): void
    {
        $json = Json::encode(['classes' => ['Foo', "\xa9"], "\xa9" => 1]);

        self::assertSame(['classes' => ['Foo', '\xA9'], '\xA9' => 1], json_decode($json, true));
    }
}
