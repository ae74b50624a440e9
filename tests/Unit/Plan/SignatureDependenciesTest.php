<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\Declaration;
use Preheat\Inventory\FileAnalyzer;
use Preheat\Plan\BuiltinSignatures;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Plan\SignatureDependencies;
use Preheat\Plan\SignatureDependency;

/**
 * Which classes PHP loads to check the methods of class C against its ancestors' (zend_inheritance.c).
 * Each case declares the ancestors and C in namespace N; classes named but not declared do not matter here:
 * the question is only which names PHP would look up.
 */
final class SignatureDependenciesTest extends TestCase
{
    /** @param list<string> $expected */
    #[DataProvider('cases')]
    public function testPredictsTheClassesPhpLoads(string $code, array $expected): void
    {
        $inventory = (new FileAnalyzer())->analyzeCode('/case.php', "<?php\nnamespace N;\n".$code);
        $declarations = [];
        foreach ($inventory->classLikes() as $declaration) {
            $declarations[strtolower($declaration->name)] = $declaration;
        }
        $class = $declarations['n\c'] ?? null;
        self::assertInstanceOf(Declaration::class, $class);

        $dependencies = (new SignatureDependencies($declarations, new BuiltinSignatures(BuiltinSymbols::ofCurrentProcess())))->of($class);

        self::assertEqualsCanonicalizing($expected, array_map(static fn (SignatureDependency $d): string => $d->class, $dependencies));
    }

    /** @return iterable<string, array{string, list<string>}> */
    public static function cases(): iterable
    {
        yield 'a covariant return type: the child\'s class and the parent\'s' => [
            'class P { function m(): A {} } class C extends P { function m(): B {} }',
            ['N\B', 'N\A'],
        ];
        yield 'the same name on both sides needs nothing' => [
            'use X\Post; interface P { function m(?Post $p): Post; } class C implements P { function m(?\X\Post $p): \X\Post {} }',
            [],
        ];
        yield 'a name the wider union has too needs nothing' => [
            'class P { function m(): A|B {} } class C extends P { function m(): A {} }',
            [],
        ];
        yield 'against object only the child\'s class' => [
            'class P { function m(): object {} } class C extends P { function m(): B {} }',
            ['N\B'],
        ];
        yield 'against mixed nothing' => [
            'class P { function m(): mixed {} } class C extends P { function m(): B {} }',
            [],
        ];
        yield 'a parent without a return type: no check' => [
            'class P { function m() {} } class C extends P { function m(): B {} }',
            [],
        ];
        yield 'a contravariant parameter: the parent\'s class and the child\'s' => [
            'class P { function m(A $a) {} } class C extends P { function m(B $a) {} }',
            ['N\A', 'N\B'],
        ];
        yield 'a child parameter without a type or mixed accepts everything' => [
            'class P { function m(A $a, A $b) {} } class C extends P { function m($a, mixed $b) {} }',
            [],
        ];
        yield 'a variadic parameter stands for the rest' => [
            'class P { function m(A $a, A $b) {} } class C extends P { function m(A ...$rest) {} }',
            [],
        ];
        yield 'intersections: every class on both sides' => [
            'class P { function m(): A&B {} } class C extends P { function m(): A&D {} }',
            ['N\A', 'N\B', 'N\D'],
        ];
        yield 'an interface method the class implements' => [
            'interface I { function m(): A; } class C implements I { function m(): B {} }',
            ['N\B', 'N\A'],
        ];
        yield 'a method inherited from the parent, against an interface the class adds' => [
            'interface I { function m(): A; } class P { function m(): B {} } class C extends P implements I {}',
            ['N\B', 'N\A'],
        ];
        yield 'an interface the parent already implements was checked when the parent linked' => [
            'interface I { function m(): A; } abstract class P implements I { function m(): A {} } class C extends P implements I { function m(): A {} }',
            [],
        ];
        yield 'a method a trait brings in, against the parent\'s' => [
            'trait T { function m(): B {} } class P { function m(): A {} } class C extends P { use T; }',
            ['N\B', 'N\A'],
        ];
        yield 'against a trait\'s abstract method' => [
            'trait T { abstract function m(): A; } class C { use T; function m(): B {} }',
            ['N\B', 'N\A'],
        ];
        yield 'a trait\'s abstract method does not replace the one the class inherits: it is checked against it' => [
            'trait T { abstract function m(); abstract function n(): A; } class P { function m(): B {} function n(): B {} } class C extends P { use T; }',
            ['N\B', 'N\A'],
        ];
        yield 'a private parent method is not checked' => [
            'class P { private function m(): A {} } class C extends P { function m(): B {} }',
            [],
        ];
        yield 'a constructor only against an abstract one' => [
            'class P { function __construct(A $a) {} } abstract class Q { abstract function __construct(A $a); } class C extends P { function __construct(B $a) {} }',
            [],
        ];
        yield 'self, static and the class itself are there already' => [
            'class P { function m(): P {} function n(): object {} } class C extends P { function m(): static {} function n(): self {} }',
            [],
        ];
        yield 'an ancestor\'s self is the ancestor' => [
            'class P { function m(): self {} function n(self $p) {} } class C extends P { function m(): B {} function n(B $p) {} }',
            ['N\B', 'N\P'],
        ];
        yield 'self in a trait is the class using it: there already' => [
            'trait T { function m(): self {} } class P { function m(): P {} } class C extends P { use T; }',
            [],
        ];
        yield 'a built-in interface\'s tentative return type' => [
            'class C implements \IteratorAggregate { function getIterator(): LazyIterator {} }',
            ['N\LazyIterator', 'Traversable'],
        ];
        yield 'an interface extending another' => [
            'interface I { function m(): A; } interface C extends I { function m(): B; }',
            ['N\B', 'N\A'],
        ];
    }
}
