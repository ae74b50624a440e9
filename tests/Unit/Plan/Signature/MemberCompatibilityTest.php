<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Signature;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\AncestorTables;
use Preheat\Plan\LinkFindings;
use Preheat\Plan\MemberCompatibility;

/** One class's properties and constants against its ancestors'. */
final class MemberCompatibilityTest extends TestCase
{
    public function testAReadablePropertyNarrowedLoadsBothClasses(): void
    {
        $findings = self::check('class P { public A $x { get => new A(); } } class C extends P { public B $x { get => new B(); } }');

        self::assertNull($findings->refusal());
        self::assertSame(['N\B', 'N\A'], array_map(static fn ($d): string => $d->class, $findings->loads()));
        self::assertSame('N\C::$x: N\B against N\P::$x: N\A', $findings->loads()[0]->check);
    }

    public function testAPropertyStaticOnOneSideIsRefused(): void
    {
        self::assertSame(
            'N\C::$x is static, while N\P::$x is not static: PHP refuses to link the class',
            self::check('class P { public $x; } class C extends P { public static $x; }')->refusal(),
        );
    }

    public function testAReadWritePropertyMustKeepItsBuiltInType(): void
    {
        self::assertSame(
            'N\C::$x is int, which cannot fit N\P::$x: int|string: PHP refuses to link the class',
            self::check('class P { public int|string $x = 0; } class C extends P { public int $x = 0; }')->refusal(),
        );
    }

    public function testAFinalConstantCannotBeRedeclared(): void
    {
        self::assertSame(
            'N\C::X overrides the final constant N\I::X: PHP refuses to link the class',
            self::check('interface I { final const X = 1; } class C implements I { const X = 2; }')->refusal(),
        );
    }

    public function testATypedConstantNarrowedLoadsAsAReturnType(): void
    {
        $findings = self::check('class P { const ?A X = null; } class C extends P { const ?B X = null; }');

        self::assertNull($findings->refusal());
        self::assertSame(['N\B', 'N\A'], array_map(static fn ($d): string => $d->class, $findings->loads()));
    }

    private static function check(string $code): LinkFindings
    {
        $declarations = Declarations::of($code);
        $tables = new AncestorTables($declarations);
        $class = $declarations['n\c'];
        $added = null === $class->parent ? $class->interfaces : [];
        $findings = new LinkFindings();
        $members = new MemberCompatibility($tables);
        $members->checkProperties($class, $added, $findings);
        $members->checkConstants($class, $added, $findings);

        return $findings;
    }
}
