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

/**
 * PHP's link-time rules on #[\Override] (PHP 8.3 on), readonly classes (8.2 on) and class constants (final ones,
 * typed ones from 8.3 on): the planner refuses class C exactly when the PHP the plan is for does. Each case is
 * also run by the PHP running the test (when it can parse it), which must refuse it exactly when the planner
 * does for that PHP's version.
 */
final class PhpLinkRulesTest extends TestCase
{
    #[DataProvider('cases')]
    public function testRefusesTheClassesPhpRefuses(string $code, bool $refusedOn82, bool $refusedOn84): void
    {
        $source = "<?php\nnamespace N;\n".$code."\n";
        $declarations = [];
        $inventory = (new FileAnalyzer())->analyzeCode('/case.php', $source);
        foreach ($inventory->classLikes() as $declaration) {
            $declarations[strtolower($declaration->name)] = $declaration;
        }
        $class = $declarations['n\\c'] ?? null;
        self::assertInstanceOf(Declaration::class, $class);
        $restored = Declaration::fromArray($class->toArray());
        self::assertEquals($class, $restored);

        $builtins = new BuiltinSignatures(BuiltinSymbols::ofCurrentProcess());
        $conflict = static fn (string $php): ?string => (new SignatureDependencies($declarations, $builtins, $php))
            ->conflictOf($class);
        self::assertSame($refusedOn82, null !== $conflict('8.2.29'), (string) $conflict('8.2.29'));
        self::assertSame($refusedOn84, null !== $conflict('8.4.14'), (string) $conflict('8.4.14'));

        if (!$inventory->compilesOn(\PHP_VERSION)) {
            return; // PHP 8.2 cannot parse a typed constant: the case is for newer PHP
        }
        $file = tempnam(sys_get_temp_dir(), 'preheat-link-');
        self::assertIsString($file);
        file_put_contents($file, $source);
        exec(\PHP_BINARY.' -n -d error_reporting=-1 '.escapeshellarg($file).' 2>&1', $output);
        unlink($file);
        $refused = 1 === preg_match(
            '/Override|readonly class|cannot override final constant|must be compatible|Cannot redeclare|Type of \S+ must/',
            implode("\n", $output),
        );
        self::assertSame(null !== $conflict(\PHP_VERSION), $refused, 'PHP '.\PHP_VERSION.': '.implode("\n", $output));
    }

    public function testNamesTheMethodAndThePhp(): void
    {
        $declarations = [];
        $code = "<?php\nnamespace N;\nclass P {}\nclass C extends P { #[\\Override] public function m(): void {} }\n";
        foreach ((new FileAnalyzer())->analyzeCode('/case.php', $code)->classLikes() as $declaration) {
            $declarations[strtolower($declaration->name)] = $declaration;
        }

        self::assertSame(
            'N\C::m() has #[\Override], but no ancestor has a method m(): PHP 8.4.14 refuses to link the class',
            (new SignatureDependencies($declarations, null, '8.4.14'))->conflictOf($declarations['n\c']),
        );
    }

    /** @return iterable<string, array{string, bool, bool}> */
    public static function cases(): iterable
    {
        yield 'an override of the parent' => ['class P { function m() {} } class C extends P { #[\Override] function m() {} }', false, false];
        yield 'an override of a grandparent' => ['class G { function m() {} } class P extends G {} class C extends P { #[\Override] function m() {} }', false, false];
        yield 'no parent method' => ['class P { function other() {} } class C extends P { #[\Override] function m() {} }', false, true];
        yield 'no parent at all' => ['class C { #[\Override] function m() {} }', false, true];
        yield 'a private parent method' => ['class P { private function m() {} } class C extends P { #[\Override] function m() {} }', false, true];
        yield 'an interface method implemented' => ['interface I { function m(); } class C implements I { #[\Override] function m() {} }', false, false];
        yield "the parent's interface" => ['interface I { function m(); } abstract class P implements I {} class C extends P { #[\Override] function m() {} }', false, false];
        yield 'a method of a parent trait' => ['trait T { function m() {} } class P { use T; } class C extends P { #[\Override] function m() {} }', false, false];
        yield 'a built-in interface method' => ['class C implements \Countable { #[\Override] function count(): int { return 0; } }', false, false];
        yield 'not a built-in interface method' => ['class C implements \Countable { function count(): int { return 0; } #[\Override] function size() {} }', false, true];
        yield 'an interface constant redeclared' => ['interface I { const X = 1; } class C implements I { const X = 2; }', false, false];
        yield 'a final constant redeclared' => ['interface I { final const X = 1; } class C implements I { const X = 2; }', true, true];
        yield "a final parent's constant redeclared" => ['class P { final public const X = 1; } class C extends P { const X = 2; }', true, true];
        yield 'a private parent constant redeclared' => ['class P { private const X = 1; } class C extends P { const X = 2; }', false, false];
        yield 'a typed constant redeclared with its type' => ['interface I { const string X = "a"; } class C implements I { const string X = "b"; }', false, false];
        yield 'a typed constant narrowed' => ['class P { const int|string X = 1; } class C extends P { const int X = 2; }', false, false];
        yield 'a typed constant redeclared with another type' => ['interface I { const string X = "a"; } class C implements I { const int X = 1; }', true, true];
        yield 'a typed constant redeclared without a type' => ['class P { const string X = "a"; } class C extends P { const X = "b"; }', true, true];
        yield 'an enum redeclaring an interface constant' => ['interface I { const X = 1; } enum C: string implements I { case A = "a"; const X = 2; }', false, false];
        yield 'a property redeclared alike' => ['class P { public int $x = 0; public $y; } class C extends P { public int $x = 1; public $y = 2; }', false, false];
        yield 'a property redeclared with another type' => ['class P { public int $x = 0; } class C extends P { public string $x = ""; }', true, true];
        yield 'a property redeclared with a wider type' => ['class P { public int $x = 0; } class C extends P { public int|string $x = 0; }', true, true];
        yield 'a typed property redeclared untyped' => ['class P { public int $x = 0; } class C extends P { public $x = 0; }', true, true];
        yield 'an untyped property redeclared typed' => ['class P { public $x = 0; } class C extends P { public int $x = 0; }', true, true];
        yield 'a property redeclared static' => ['class P { public $x; } class C extends P { public static $x; }', true, true];
        yield 'a readonly property redeclared readonly' => ['class P { public function __construct(public readonly int $x) {} } class C extends P { public readonly int $x; }', false, false];
        yield 'a readonly property redeclared not readonly' => ['class P { public readonly int $x; } class C extends P { public int $x; }', true, true];
        yield 'property names are case-sensitive' => ['class P { public int $x = 0; } class C extends P { public string $X = ""; }', false, false];
        yield 'a private property redeclared' => ['class P { private int $x = 0; } class C extends P { public string $x = ""; }', false, false];
        yield 'a property of a readonly class redeclared by a readonly child' => ['readonly class P { public function __construct(public int $x) {} } readonly class C extends P { public int $x; }', false, false];
        yield 'PHP 8.4: a get-only interface property narrowed' => ['interface I { public int|string $x { get; } } class C implements I { public int $x = 0; }', false, false];
        yield 'PHP 8.4: a get-only interface property widened' => ['interface I { public int $x { get; } } class C implements I { public int|string $x = 0; }', true, true];
        yield 'PHP 8.4: a set-only abstract property widened' => ['abstract class P { abstract public int $x { set; } } class C extends P { public int|string $x = 0; }', false, false];
        yield 'a trait method, checked where the trait is used' => ['trait C { #[\Override] function m() {} }', false, false];
        yield 'a trait method with no ancestor method where used' => ['trait T { #[\Override] function m() {} } class C { use T; }', false, true];
        yield 'a trait method overriding where used' => ['class P { function m() {} } trait T { #[\Override] function m() {} } class C extends P { use T; }', false, false];
        yield '__toString() implements Stringable' => ['class C { #[\Override] function __toString(): string { return ""; } }', false, false];
        yield 'an enum method of its own' => ['enum C: string { case A = "a"; #[\Override] function label(): string { return ""; } }', false, true];
        yield 'a readonly class, readonly parent' => ['readonly class P {} readonly class C extends P {}', false, false];
        yield 'a readonly class, parent not' => ['class P {} readonly class C extends P {}', true, true];
        yield 'not readonly, readonly parent' => ['readonly class P {} class C extends P {}', true, true];
    }
}
