<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Signature;

use PHPUnit\Framework\TestCase;
use Preheat\Inventory\Declaration;
use Preheat\Plan\AncestorTables;
use Preheat\Plan\LinkFindings;
use Preheat\Plan\MethodCompatibility;
use Preheat\Plan\OverrideArity;
use Preheat\Plan\SignatureDependency;

/** One class's methods against its ancestors': which pairs are checked, what each loads or refuses. */
final class MethodCompatibilityTest extends TestCase
{
    public function testEachLoadComesWithTheFirstCheckNeedingIt(): void
    {
        $findings = self::check('class P { function m(A $a): A {} } class C extends P { function m(B $a): B {} }');

        self::assertNull($findings->refusal());
        self::assertSame([
            'N\B' => 'N\C::m(): N\B against N\P::m(): N\A',
            'N\A' => 'N\C::m(): N\B against N\P::m(): N\A',
        ], self::loads($findings), 'the parameter check needs A and B again: the return check keeps them');
    }

    public function testAnInheritedMethodIsCheckedAgainstAnAddedInterfaceInItsOwnName(): void
    {
        $findings = self::check('interface I { function m(): A; } class P { function m(): B {} } class C extends P implements I {}');

        self::assertSame(['N\B' => 'N\P::m(): N\B against N\I::m(): N\A', 'N\A' => 'N\P::m(): N\B against N\I::m(): N\A'], self::loads($findings));
    }

    public function testAReturnTypeThatCannotFitAScannedAncestorsRefusesTheClass(): void
    {
        $findings = self::check('class P { function m(): void {} } class C extends P { function m(): bool {} }');

        self::assertSame(
            'N\C::m() returns bool, which cannot fit N\P::m(): void: PHP refuses to link the class (written for another'
            .' version of N\P?)',
            $findings->refusal(),
        );
    }

    public function testOnlyTheFirstRefusalCounts(): void
    {
        $findings = self::check('class P { function m(): void {} function n() {} } class C extends P { function m() {} function n($a) {} }');

        self::assertStringStartsWith('N\C::m() has no return type, while N\P::m() returns void', (string) $findings->refusal());
    }

    public function testPrivateAncestorsAndConstructorsAreNotChecked(): void
    {
        $findings = self::check(
            'class P { private function m(): void {} function __construct(A $a) {} }'
            .' class C extends P { function m(): bool {} function __construct(B $a) {} }',
        );

        self::assertNull($findings->refusal());
        self::assertSame([], self::loads($findings));
    }

    public function testTheArityRuleNamesWhatPhpRefuses(): void
    {
        $declarations = Declarations::of('class P { function m($a, &$b) {} } class C extends P { function m($a, $b) {} }');
        $method = $declarations['n\c']->methods[0];
        $declared = $declarations['n\p']->methods[0];

        self::assertSame(
            'C::m() passes parameter 2 by value, while P::m() passes it by reference: PHP refuses to link the class'
            .' (written for another version of N\P?)',
            OverrideArity::conflict($method, $declared, 'C::m()', 'P::m()', 'N\P'),
        );
        self::assertNull(OverrideArity::conflict($method, $method, 'C::m()', 'C::m()', 'N\C'));
    }

    private static function check(string $code): LinkFindings
    {
        $declarations = Declarations::of($code);
        $tables = new AncestorTables($declarations);
        $class = $declarations['n\c'];
        self::assertInstanceOf(Declaration::class, $class);
        $findings = new LinkFindings();
        $inherited = null === $class->parent ? [] : $tables->interfacesOf($class->parent);
        $added = array_values(array_filter($class->interfaces, static fn (string $i): bool => !isset($inherited[strtolower($i)])));
        (new MethodCompatibility($tables))->check($class, $tables->ownMethods($class), $added, $findings);

        return $findings;
    }

    /** @return array<string, string> class => check */
    private static function loads(LinkFindings $findings): array
    {
        $loads = [];
        foreach ($findings->loads() as $load) {
            self::assertInstanceOf(SignatureDependency::class, $load);
            $loads[$load->class] = $load->check;
        }

        return $loads;
    }
}
