<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Compare;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Bench\Compare\Assertion\AssertionError;
use Preheat\Bench\Compare\Assertion\AssertionParser;
use Preheat\Bench\Compare\Assertion\Operator;
use Preheat\Bench\Compare\Assertion\Property;
use Preheat\UserError;

/** The `--assert` grammar: what it reads, and where it says a bad expression went wrong. */
final class AssertionParserTest extends TestCase
{
    /** @return iterable<string, array{string, string, Property, Operator, float, string}> */
    public static function expressions(): iterable
    {
        yield 'gain' => ['hot.gain >= 10%', 'hot', Property::Gain, Operator::AtLeast, 0.10, '%'];
        yield 'no spaces' => ['hot.gain>=10%', 'hot', Property::Gain, Operator::AtLeast, 0.10, '%'];
        yield 'memory' => ['hot.memory <= 8MB', 'hot', Property::Memory, Operator::AtMost, 8.0 * 1048576, 'MB'];
        yield 'memory in kilobytes, any case' => ['hot.memory < 512 kb', 'hot', Property::Memory, Operator::Below, 512.0 * 1024, 'KB'];
        yield 'start-up' => ['hot.startup <= 0.5s', 'hot', Property::Startup, Operator::AtMost, 0.5, 's'];
        yield 'start-up in ms' => ['hot.startup < 150ms', 'hot', Property::Startup, Operator::Below, 0.15, 'ms'];
        yield 'change' => ['hot.change >= -2%', 'hot', Property::Change, Operator::AtLeast, -0.02, '%'];
        yield 'every scenario' => ['*.warnings == 0', '*', Property::Warnings, Operator::Equal, 0.0, ''];
        yield 'a dotted name' => ['  hot.v2.gain > 5.5% ', 'hot.v2', Property::Gain, Operator::Above, 0.055, '%'];
    }

    #[DataProvider('expressions')]
    public function testItReadsAnExpression(string $text, string $scenario, Property $property, Operator $operator, float $threshold, string $unit): void
    {
        $assertion = (new AssertionParser())->parse($text);

        self::assertSame(trim($text), $assertion->text);
        self::assertSame($scenario, $assertion->scenario);
        self::assertSame($property, $assertion->property);
        self::assertSame($operator, $assertion->operator);
        self::assertEqualsWithDelta($threshold, $assertion->threshold, 1e-9);
        self::assertSame($unit, $assertion->unit);
    }

    /** @return iterable<string, array{string, string}> */
    public static function badExpressions(): iterable
    {
        yield 'unknown property' => ['hot.gian >= 10%', "Invalid assertion \"hot.gian >= 10%\" at column 5: unknown property \"gian\"; one of gain, change, memory, startup, warnings.\n  hot.gian >= 10%\n      ^"];
        yield 'no property' => ['hot >= 10%', 'at column 4: expected ".PROPERTY" after the scenario (gain, change, memory, startup, warnings)'];
        yield 'no operator' => ['hot.gain 10%', 'at column 10: expected a comparison: >=, <=, ==, >, <'];
        yield 'no number' => ['hot.gain >= lots', 'at column 13: expected a number'];
        yield 'no unit' => ['hot.gain >= 10', 'at column 15: expected a unit after 10: %'];
        yield 'wrong unit' => ['hot.memory <= 8 MiB', 'at column 17: unknown unit "MiB" for memory; one of B, KB, MB, GB'];
        yield 'unit on a count' => ['*.warnings == 0 %', 'at column 17: warnings is a count: no unit after the number'];
        yield 'a fraction of a warning' => ['*.warnings <= 0.5', 'at column 15: warnings is a count: expected a whole number'];
        yield 'trailing text' => ['hot.gain >= 10% or so', 'at column 17: unexpected "or so" after the value'];
        yield 'nothing' => ['', 'at column 1: expected a scenario and a property'];
        yield 'a number read as infinity' => ['none.warnings == '.str_repeat('9', 400), 'at column 18: the number (400 digits) is beyond what PHP\'s floats hold'];
        yield 'a memory read as infinity' => ['hot.memory <= 1'.str_repeat('0', 308).'GB', 'at column 15: the number (309 digits)'];
        yield 'bad name' => ['-x.gain >= 1%', 'at column 1: expected a scenario\'s name, or * for every scenario'];
    }

    #[DataProvider('badExpressions')]
    public function testABadExpressionNamesWhereAndWhat(string $text, string $message): void
    {
        try {
            (new AssertionParser())->parse($text);
            self::fail('no error for '.$text);
        } catch (AssertionError $error) {
            self::assertInstanceOf(UserError::class, $error, 'exit 2');
            self::assertStringContainsString($message, $error->getMessage());
        }
    }
}
