<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Signature;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\AncestorTables;
use Preheat\Plan\BuiltinSignatures;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Plan\ClassConflicts;

/** What PHP refuses about a class as a whole: readonly against its parent, #[\Override] without an ancestor method. */
final class ClassConflictsTest extends TestCase
{
    public function testAReadonlyClassNeedsAReadonlyParent(): void
    {
        self::assertSame(
            'N\C is readonly, while its parent N\P is not: PHP refuses to link the class',
            self::conflict('class P {} readonly class C extends P {}', '8.2.0'),
        );
        self::assertNull(self::conflict('readonly class P {} readonly class C extends P {}', '8.2.0'));
    }

    public function testOverrideCountsFromPhp83On(): void
    {
        $code = 'class P { private function m() {} } class C extends P { #[\Override] function m() {} }';

        self::assertNull(self::conflict($code, '8.2.29'));
        self::assertSame(
            'N\C::m() has #[\Override], but no ancestor has a method m(): PHP 8.3.0 refuses to link the class',
            self::conflict($code, '8.3.0'),
            'a private method is not overridden',
        );
    }

    public function testOverrideIsJudgedOnlyWhenEveryAncestorIsKnown(): void
    {
        self::assertNull(self::conflict('class C extends Missing { #[\Override] function m() {} }', '8.4.0'));
        self::assertNull(self::conflict('class C implements \Countable { #[\Override] function count(): int {} }', '8.4.0'));
        self::assertNull(self::conflict('class G { function m() {} } class P extends G {} class C extends P { #[\Override] function m() {} }', '8.4.0'));
    }

    private static function conflict(string $code, string $php): ?string
    {
        $declarations = Declarations::of($code);
        $builtins = new BuiltinSignatures(BuiltinSymbols::ofCurrentProcess());
        $tables = new AncestorTables($declarations, $builtins);
        $class = $declarations['n\c'];

        return (new ClassConflicts($tables, $builtins, $php))->of($class, $tables->ownMethods($class));
    }
}
