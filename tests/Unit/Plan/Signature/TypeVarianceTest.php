<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Signature;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\DeclaredType;
use Preheat\Plan\TypeVariance;

/** PHP's variance rules between two types alone: what a check loads, and what certainly cannot fit. */
final class TypeVarianceTest extends TestCase
{
    /**
     * @param non-empty-list<string> $narrower
     * @param non-empty-list<string> $wider
     * @param list<string>           $expected
     */
    #[DataProvider('loads')]
    public function testLoadsTheClassesPhpComparesAndNoOther(array $narrower, array $wider, array $expected): void
    {
        self::assertSame($expected, TypeVariance::loads(new DeclaredType($narrower), new DeclaredType($wider), 'N\Self'));
    }

    /** @return iterable<string, array{list<string>, list<string>, list<string>}> */
    public static function loads(): iterable
    {
        yield 'a class against another: both' => [['N\B'], ['N\A'], ['N\B', 'N\A']];
        yield 'the same types: nothing' => [['N\A', 'null'], ['N\A', 'null'], []];
        yield 'a class the wider type names too: nothing' => [['N\A'], ['N\A', 'N\B'], []];
        yield 'against object: the narrower class alone' => [['N\B'], ['object'], ['N\B']];
        yield 'against mixed: nothing' => [['N\B'], ['mixed'], []];
        yield 'built-in types only: nothing' => [['int'], ['int', 'string'], []];
        yield 'the class being linked is there anyway' => [['N\Self'], ['N\A'], []];
        yield 'an intersection: every class on both sides, once' => [['N\A&N\D'], ['N\A&N\B'], ['N\A', 'N\D', 'N\B']];
    }

    /**
     * @param non-empty-list<string>|null $child
     * @param non-empty-list<string>      $ancestor
     */
    #[DataProvider('fits')]
    public function testJudgesOnlyWhatCertainlyCannotFit(?array $child, array $ancestor, bool $cannotFit): void
    {
        self::assertSame(
            $cannotFit,
            TypeVariance::cannotFit(null === $child ? null : new DeclaredType($child), new DeclaredType($ancestor)),
        );
    }

    /** @return iterable<string, array{list<string>|null, list<string>, bool}> */
    public static function fits(): iterable
    {
        yield 'no type for a type' => [null, ['int'], true];
        yield 'bool for void' => [['bool'], ['void'], true];
        yield 'nullable for not' => [['int', 'null'], ['int'], true];
        yield 'narrower built-in' => [['int'], ['int', 'string'], false];
        yield 'true within bool' => [['true'], ['bool'], false];
        yield 'void for mixed' => [['void'], ['mixed'], true];
        yield 'anything else for mixed' => [['int'], ['mixed'], false];
        yield 'a class where no class is allowed' => [['N\A'], ['int'], true];
        yield 'a class for object' => [['N\A'], ['object'], false];
        yield 'a class for another: left to PHP' => [['N\A'], ['N\B'], false];
        yield 'iterable differs between versions: not judged' => [['array'], ['iterable'], false];
        yield 'never fits anything' => [['never'], ['int'], false];
    }

    public function testBoolIsFalseAndTrue(): void
    {
        self::assertSame(
            ['false' => true, 'true' => true, 'null' => true],
            TypeVariance::builtins(new DeclaredType(['N\A', 'bool', 'null'])),
        );
    }
}
