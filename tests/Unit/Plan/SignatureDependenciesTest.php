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

    /**
     * zend_do_perform_implementation_check()'s rules on parameters, each case also run by PHP itself: the
     * planner refuses an override exactly when PHP does.
     */
    #[DataProvider('arities')]
    public function testRefusesTheOverridesWhoseParametersPhpRefuses(string $code, bool $refused): void
    {
        $source = "<?php\nnamespace N;\n".$code;
        $inventory = (new FileAnalyzer())->analyzeCode('/case.php', $source);
        $declarations = [];
        foreach ($inventory->classLikes() as $declaration) {
            $declarations[strtolower($declaration->name)] = $declaration;
        }
        $class = $declarations['n\\c'] ?? null;
        self::assertInstanceOf(Declaration::class, $class);

        $conflict = (new SignatureDependencies($declarations))->conflictOf($class);
        self::assertSame($refused, null !== $conflict, (string) $conflict);

        $file = tempnam(sys_get_temp_dir(), 'preheat-arity-');
        self::assertIsString($file);
        file_put_contents($file, $source);
        exec(\PHP_BINARY.' -n -d error_reporting=-1 '.escapeshellarg($file).' 2>&1', $output);
        unlink($file);
        self::assertSame($refused, 1 === preg_match('/must be compatible|Cannot make/', implode("\n", $output)), 'PHP: '.implode("\n", $output));
    }

    public function testAnUpdateKeepsTheAnswersTheChangedDeclarationsCannotTouch(): void
    {
        $declarations = self::declarations(
            'class P { function m(): A {} } class C extends P { function m(): B {} }'
            .' class Q { function n(): A {} } class D extends Q { function n(): B {} }',
        );
        $index = new SignatureDependencies($declarations);
        $kept = $index->of($declarations['n\c']);
        $index->of($declarations['n\d']);
        $other = self::declarations('class Q { function n(): A {} }');
        $changed = ['n\q' => $other['n\q']] + $declarations;

        $index->update($changed);

        self::assertSame($kept, $index->of($declarations['n\c']), 'C rests on nothing that changed: the same answer');
        self::assertSame(['N\B', 'N\A'], self::classes($index->of($declarations['n\d'])), 'D is computed again');
        $index->update(array_diff_key($declarations, ['n\q' => true]));
        self::assertSame([], $index->of($declarations['n\d']), 'without Q, D is checked against nothing');
        self::assertSame($kept, $index->of($declarations['n\c']));
    }

    /**
     * In a cycle of ancestors (PHP refuses them; the index must not loop) what a class's table holds depends
     * on which class of the cycle was asked first: an index updated for another plan answers as a fresh one
     * asked in that plan's order.
     */
    public function testAnUpdatedIndexAnswersAsAFreshOneOnACycleOfAncestors(): void
    {
        $declarations = self::declarations(
            'class A extends B { function m(): X {} } class B extends A {}'
            .' class C extends B { function m(): Z {} } class D extends A {}',
        );
        $index = new SignatureDependencies($declarations);
        $index->of($declarations['n\d']);
        self::assertSame([], self::classes($index->of($declarations['n\c'])), 'B was first met through A');

        $index->update($declarations);

        $fresh = new SignatureDependencies($declarations);
        self::assertSame(['N\Z', 'N\X'], self::classes($fresh->of($declarations['n\c'])), 'B first');
        self::assertSame(['N\Z', 'N\X'], self::classes($index->of($declarations['n\c'])));
    }

    /** @return array<string, Declaration> */
    private static function declarations(string $code): array
    {
        $inventory = (new FileAnalyzer())->analyzeCode('/case.php', "<?php\nnamespace N;\n".$code);
        $declarations = [];
        foreach ($inventory->classLikes() as $declaration) {
            $declarations[strtolower($declaration->name)] = $declaration;
        }

        return $declarations;
    }

    /**
     * @param list<SignatureDependency> $dependencies
     *
     * @return list<string>
     */
    private static function classes(array $dependencies): array
    {
        return array_map(static fn (SignatureDependency $d): string => $d->class, $dependencies);
    }

    /** @return iterable<string, array{string, bool}> */
    public static function arities(): iterable
    {
        yield 'a required parameter added' => ['class P { function hi(): string {} } class C extends P { function hi(int $x): string {} }', true];
        yield 'an optional parameter added' => ['class P { function hi(): string {} } class C extends P { function hi(int $x = 0): string {} }', false];
        yield 'fewer required' => ['class P { function m($a, $b) {} } class C extends P { function m($a = 1, $b = 2) {} }', false];
        yield 'a parameter left out' => ['class P { function m($a, $b) {} } class C extends P { function m($a) {} }', true];
        yield 'a variadic rest takes the place of parameters' => ['class P { function m($a, $b) {} } class C extends P { function m(...$rest) {} }', false];
        yield 'variadic made non-variadic' => ['class P { function m(...$a) {} } class C extends P { function m($a = null) {} }', true];
        yield 'by reference made by value' => ['class P { function m(array &$a) {} } class C extends P { function m(array $a) {} }', true];
        yield 'by value made by reference' => ['class P { function m($a) {} } class C extends P { function m(&$a) {} }', true];
        yield 'an added parameter by reference' => ['class P { function m($a) {} } class C extends P { function m($a, &$b = null) {} }', false];
        yield 'a returned reference dropped' => ['class P { function &m() {} } class C extends P { function m() {} }', true];
        yield 'a reference returned where the parent returns a value' => ['class P { function m() {} } class C extends P { function &m() {} }', false];
        yield 'static made non-static' => ['class P { static function m() {} } class C extends P { function m() {} }', true];
        yield 'an interface method' => ['interface I { function m($a); } class C implements I { function m($a, $b) {} }', true];
        yield 'a constructor is not checked' => ['class P { function __construct($a) {} } class C extends P { function __construct($a, $b) {} }', false];
        yield 'an abstract constructor is' => ['abstract class P { abstract function __construct($a); } class C extends P { function __construct($a, $b) {} }', true];
        yield 'a private method is not checked' => ['class P { private function m() {} } class C extends P { function m($a) {} }', false];
        yield 'a parameter type narrowed' => ['class P { function hi(int|string $x): string {} } class C extends P { function hi(int $x): string {} }', true];
        yield 'a parameter type widened' => ['class P { function hi(int $x): string {} } class C extends P { function hi(int|string $x): string {} }', false];
        yield 'a type where the ancestor has none' => ['class P { function hi($x) {} } class C extends P { function hi(int $x) {} }', true];
        yield 'null no longer accepted' => ['class P { function hi(?int $x) {} } class C extends P { function hi(int $x) {} }', true];
        yield 'implicitly nullable' => ['class P { function hi(?int $x = null) {} } class C extends P { function hi(int $x = null) {} }', false];
        yield 'an inherited method against an added interface' => ['interface I { function m($a, $b); } class P { function m($a) {} } class C extends P implements I {}', true];
    }

    /** @return iterable<string, array{string, list<string>}> */
    public static function cases(): iterable
    {
        yield 'PHP 8.4: a get-only interface property narrowed by a hooked one' => [
            'interface P { public A $x { get; } } class C implements P { public B $x { get => new B(); } }',
            ['N\B', 'N\A'],
        ];
        yield 'PHP 8.4: a virtual get-only property narrowed' => [
            'class P { public A $x { get => new A(); } } class C extends P { public B $x { get => new B(); } }',
            ['N\B', 'N\A'],
        ];
        yield 'PHP 8.4: a set-only abstract property widened' => [
            'abstract class P { abstract public B $x { set; } } class C extends P { public A $x { set {} } }',
            ['N\B', 'N\A'],
        ];
        yield 'PHP 8.3: a class-typed constant narrowed' => [
            'class P { const ?A X = null; } class C extends P { const ?B X = null; }',
            ['N\B', 'N\A'],
        ];
        yield 'PHP 8.3: a constant of the same type needs nothing' => [
            'interface P { const ?A X = null; } class C implements P { const ?A X = null; }',
            [],
        ];
        yield 'a property of the same type needs nothing' => [
            'class P { public ?A $x = null; } class C extends P { public ?A $x = null; }',
            [],
        ];
        yield 'a promoted property against an interface property (PHP 8.4)' => [
            'interface P { public A $x { get; } } class C implements P { public function __construct(public B $x) {} }',
            ['N\B', 'N\A'],
        ];
        yield 'a private parent property is not compared' => [
            'class P { private A $x; } class C extends P { public B $x; }',
            [],
        ];
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
