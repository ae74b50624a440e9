<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Signature;

use PHPUnit\Framework\TestCase;
use Preheat\Inventory\MethodSignature;
use Preheat\Plan\AncestorTables;
use Preheat\Plan\BuiltinSignatures;
use Preheat\Plan\BuiltinSymbols;

/** What a class has once linked, read from its ancestors: the tables the compatibility checks ask. */
final class AncestorTablesTest extends TestCase
{
    public function testAMethodTableHoldsWhatTheClassDeclaresTakesAndInherits(): void
    {
        $tables = new AncestorTables(Declarations::of(
            'interface I { function i(); } trait T { function t() {} abstract function a(); }'
            .' class P implements I { function m() {} function i() {} } class C extends P { use T; function m() {} }',
        ));

        self::assertSame(
            ['m' => 'N\C', 't' => 'N\C', 'i' => 'N\P', 'a' => 'N\T'],
            self::owners($tables->methods('N\C')),
            'its own and a trait\'s method are the class\'s; inherited ones keep their class; a trait\'s abstract one last',
        );
        self::assertSame(['m' => 'N\C', 't' => 'N\C'], self::owners($tables->ownMethods(Declarations::of(
            'trait T { function t() {} abstract function a(); } class C { use T; function m() {} }',
        )['n\c'])), 'an abstract trait method is not the class\'s own');
        self::assertSame([], $tables->methods('N\Unknown'));
    }

    public function testABuiltInAncestorsMethodsComeFromReflection(): void
    {
        $tables = new AncestorTables(Declarations::of('class C implements \IteratorAggregate {}'),
            new BuiltinSignatures(BuiltinSymbols::ofCurrentProcess()));

        self::assertSame('IteratorAggregate', $tables->methods('N\C')['getiterator'][1] ?? null);
        self::assertNull($tables->scanned('IteratorAggregate'), 'a built-in class is not scanned');
    }

    public function testInterfacesAreEveryOneImplementedTransitively(): void
    {
        $tables = new AncestorTables(Declarations::of(
            'interface I {} interface J extends I {} class P implements J {} class C extends P implements \Countable {}',
        ));

        self::assertSame(['n\j' => true, 'n\i' => true, 'countable' => true], $tables->interfacesOf('N\C'));
    }

    public function testPropertiesAndConstantsFollowTheAncestors(): void
    {
        $tables = new AncestorTables(Declarations::of(
            'interface I { const X = 1; } trait T { public int $t = 0; }'
            .' class P implements I { public int $p = 0; const Y = 2; } class C extends P { use T; public int $c = 0; }',
        ));

        self::assertSame(['c', 't', 'p'], array_keys($tables->properties('N\C')));
        self::assertSame('N\C', $tables->properties('N\C')['t'][1], 'a trait\'s property is the class\'s');
        self::assertSame(['Y' => 'N\P', 'X' => 'N\I'], array_map(static fn (array $e): string => $e[1], $tables->constants('N\C')));
    }

    /**
     * A cycle of ancestors (PHP refuses it) ends the walk; what was computed on it is marked, so that the
     * answer asking for it is not kept, and an update forgets it.
     */
    public function testACycleOfAncestorsIsMarkedAndForgotten(): void
    {
        $declarations = Declarations::of('class A extends B { function a() {} } class B extends A { function b() {} } class D {}');
        $tables = new AncestorTables($declarations);

        $tables->startAnswer();
        $tables->methods('N\D');
        self::assertFalse($tables->answerMetCycle());
        $tables->startAnswer();
        $methods = $tables->methods('N\A');
        self::assertTrue($tables->answerMetCycle());
        self::assertSame(['a', 'b'], array_keys($methods));
        self::assertSame(['n\a' => true, 'n\b' => true], $tables->onCycle());

        $tables->startAnswer();
        $tables->methods('N\B');
        self::assertTrue($tables->answerMetCycle(), 'a table kept from the cycle still marks the answer');

        $tables->update($declarations, []);
        self::assertSame([], $tables->onCycle());
        self::assertSame(['b', 'a'], array_keys($tables->methods('N\B')), 'computed again, B first');
    }

    public function testAnUpdateForgetsTheStaleTablesOnly(): void
    {
        $before = Declarations::of('class P { function m() {} } class C extends P {}');
        $tables = new AncestorTables($before);
        self::assertSame(['m'], array_keys($tables->methods('N\C')));
        $after = Declarations::of('class P { function n() {} } class C extends P {}');

        $tables->update($after, ['n\p' => true]);
        self::assertSame(['m'], array_keys($tables->methods('N\C')), 'C was not said to be stale: kept');
        $tables->update($after, ['n\c' => true]);
        self::assertSame(['n'], array_keys($tables->methods('N\C')));
    }

    /**
     * @param array<string, array{MethodSignature, string}> $table
     *
     * @return array<string, string>
     */
    private static function owners(array $table): array
    {
        return array_map(static fn (array $entry): string => $entry[1], $table);
    }
}
