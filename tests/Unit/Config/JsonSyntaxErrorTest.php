<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Config;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Config\JsonSyntaxError;

/**
 * Where the first syntax error of a document json_decode() refuses is, and what it is: every document the
 * locator places is one json_decode() refuses, and every one it accepts has no syntax error.
 */
final class JsonSyntaxErrorTest extends TestCase
{
    /** @return iterable<string, array{string, int, int, string}> document, line, column, a part of the problem */
    public static function errors(): iterable
    {
        yield 'a trailing comma in an object' => ["{\n  \"bench\": {\n    \"duration\": 5,\n  }\n}\n", 3, 18, 'a comma before "}" (a trailing comma)'];
        yield 'a trailing comma in a list' => ['{"a": [1, 2,]}', 1, 12, 'a comma before "]"'];
        yield 'a missing closing quote' => ["{\n  \"bench\": {\"duration: 5}\n}\n", 2, 26, 'inside the string opened at line 2, column 13: end the string'];
        yield 'a missing opening quote' => ['{"a": abc"}', 1, 7, 'found "abc": a string takes double quotes'];
        yield 'a file cut in a string' => ["{\n  \"bench\": {\"dura", 2, 13, 'a string that is not closed'];
        yield 'a file cut after a value' => ["{\n  \"bench\": {\"duration\": 5", 2, 26, 'found the end of the file (the object opened at line 2, column 12 is not closed)'];
        yield 'an unclosed brace' => ["{\n  \"bench\": {\"duration\": 5}\n", 3, 1, 'expected "," or "}", found the end of the file (the object opened at line 1, column 1'];
        yield 'an unclosed list' => ['[1, [2]', 1, 8, 'the list opened at line 1, column 1 is not closed'];
        yield 'a byte order mark' => ["\xEF\xBB\xBF{}", 1, 1, 'byte order mark'];
        yield 'Latin-1 in a string' => ["{\n\"a\": \"caf\xE9\"}", 2, 10, 'the byte 0xE9, which is not UTF-8 inside the string opened at line 2, column 6'];
        yield 'an overlong form' => ["{\"a\": \"\xC0\xAF\"}", 1, 8, 'the byte 0xC0, which is not UTF-8'];
        yield 'an encoded surrogate' => ["{\"a\": \"\xED\xA0\x80\"}", 1, 8, 'the byte 0xED, which is not UTF-8'];
        yield 'a byte that is not UTF-8 outside strings' => ["{\"a\": \xFF}", 1, 7, 'found the byte 0xFF'];
        yield 'columns in characters' => ['{"é€😀": x}', 1, 9, 'found "x"'];
        yield 'an empty file' => ['', 1, 1, 'expected a value'];
        yield 'only spaces' => ["  \n ", 2, 2, 'found the end of the file'];
        yield 'single quotes' => ["{'a': 1}", 1, 2, 'not single ones'];
        yield 'a comment' => ["{\n  // the duration\n}", 2, 3, 'JSON has no comments'];
        yield 'True' => ['{"a": True}', 1, 7, 'in lower case'];
        yield 'NaN' => ['[NaN]', 1, 2, 'no NaN'];
        yield 'a leading zero' => ['{"a": 01}', 1, 7, '(01): no leading zeros'];
        yield 'a point without digits after it' => ['[1.]', 1, 2, '(1.)'];
        yield 'a plus' => ['[+1]', 1, 2, 'found "+"'];
        yield 'a minus alone' => ['[-]', 1, 2, '(-)'];
        yield 'a missing comma' => ['{"a": 1 "b": 2}', 1, 9, 'expected "," or "}", found a double quote'];
        yield 'a missing colon' => ['{"a" 1}', 1, 6, 'expected ":" after the key, found "1"'];
        yield 'a key that is no string' => ['{a: 1}', 1, 2, 'expected a key in double quotes or "}"'];
        yield 'two documents' => ['{} {}', 1, 4, 'expected the end of the file after the value'];
        yield 'an unknown escape' => ['["\x"]', 1, 3, '(\x)'];
        yield 'a short \u escape' => ['["\u12"]', 1, 3, 'four hex digits'];
        yield 'a lone high surrogate' => ['["\ud800x"]', 1, 3, '\uD800 is half of a UTF-16 surrogate pair'];
        yield 'a lone low surrogate' => ['["\udc00"]', 1, 3, '\uDC00 is half'];
        yield 'a tab in a string' => ["[\"a\tb\"]", 1, 4, 'U+0009 inside the string opened at line 1, column 2: write it as the escape \u0009'];
        yield 'a control character outside strings' => ["[1,\x01]", 1, 4, 'the control character U+0001'];
        yield 'a closing bracket of the other kind' => ['{"a": [1}', 1, 9, 'expected "," or "]", found "}"'];
        yield 'a stray closing bracket' => ['{}}', 1, 3, 'expected the end of the file'];
        yield 'CR LF lines' => ["{\r\n\"a\": 1,\r\n}", 2, 7, 'a comma before "}"'];
    }

    #[DataProvider('errors')]
    public function testFindsTheFirstSyntaxError(string $json, int $line, int $column, string $problem): void
    {
        // Only for what json_decode() refuses: a case it accepts would test nothing the loader does.
        self::assertNull(json_decode($json, true), 'json_decode() refuses it');

        $error = JsonSyntaxError::locate($json);

        self::assertNotNull($error);
        self::assertStringContainsString($problem, $error->problem);
        self::assertSame([$line, $column], [$error->line, $error->column], $error->describe());
        self::assertSame(1, preg_match('/^[\x20-\x7E]*$/', $error->describe()), 'printable whatever the document holds');
    }

    /** @return iterable<string, array{string}> */
    public static function valid(): iterable
    {
        yield 'a configuration' => ["{\n  \"\$schema\": \"x\",\n  \"bench\": {\"duration\": 5, \"urls\": [\"/\", {\"path\": \"/a\"}]}\n}\n"];
        yield 'every kind of value' => ['[0, -0, 1.5, -2e10, 3E+2, 4e-1, true, false, null, "", {}, [], {"": []}]'];
        yield 'every escape' => ['["\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"]'];
        yield 'UTF-8' => ['["é€😀"]'];
        yield 'a scalar' => [' "text" '];
    }

    #[DataProvider('valid')]
    public function testASyntacticallyValidDocumentHasNoError(string $json): void
    {
        self::assertNotNull(json_decode($json), 'json_decode() accepts it');
        self::assertNull(JsonSyntaxError::locate($json));
    }

    public function testADocumentRefusedForItsDepthOnlyIsLeftToTheDecodersMessage(): void
    {
        $deep = str_repeat('[', 100).str_repeat(']', 100);
        self::assertNull(json_decode($deep, true, 64));

        self::assertNull(JsonSyntaxError::locate($deep));
        self::assertNull(JsonSyntaxError::locate(str_repeat('[', 100_000)), 'deeper than any limit: no place claimed');
    }

    public function testAMegabyteDocumentIsReadInLinearTime(): void
    {
        $json = '['.str_repeat('"'.str_repeat('é', 100).'", 12345.5e3, {"k": [true]}, ', 5000).'1,]';
        $started = hrtime(true);

        $error = JsonSyntaxError::locate($json);

        self::assertSame('a comma before "]" (a trailing comma), which JSON does not allow: remove it', $error?->problem);
        self::assertLessThan(5.0, (hrtime(true) - $started) / 1e9, 'seconds');
    }
}
