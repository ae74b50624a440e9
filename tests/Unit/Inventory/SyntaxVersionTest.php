<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\FileAnalyzer;

/**
 * Files are parsed with the newest grammar whatever PHP runs Preheat, and each says which PHP can compile it.
 * Every case is also compiled by the PHP running the test (`php -l`): it must accept the file exactly when
 * it is at least the version found (on PHP 8.2 the 8.4 cases fail to parse, on 8.4 they parse).
 */
final class SyntaxVersionTest extends TestCase
{
    #[DataProvider('cases')]
    public function testFindsTheOldestPhpThatCompilesTheFile(string $code, ?string $version, ?string $reason): void
    {
        $source = "<?php\nnamespace N;\n".$code."\n";
        $inventory = (new FileAnalyzer())->analyzeCode('/case.php', $source);

        self::assertNull($inventory->parseError);
        self::assertSame($version, $inventory->syntax?->version);
        self::assertSame($reason, $inventory->syntax?->reason);
        $restored = \Preheat\Inventory\FileInventory::fromArray($inventory->toArray());
        self::assertSame([$version, $reason], [$restored->syntax?->version, $restored->syntax?->reason]);

        $file = tempnam(sys_get_temp_dir(), 'preheat-syntax-');
        self::assertIsString($file);
        file_put_contents($file, $source);
        exec(\PHP_BINARY.' -n -l '.escapeshellarg($file).' 2>&1', $output, $exitCode);
        unlink($file);
        $compiles = $inventory->compilesOn(\PHP_VERSION);
        self::assertSame($compiles, 0 === $exitCode, \sprintf('PHP %s: %s', \PHP_VERSION, implode("\n", $output)));
    }

    /** @return iterable<string, array{string, string|null, string|null}> */
    public static function cases(): iterable
    {
        yield 'PHP 8.2 code' => ['readonly class A { public function __construct(public int $x) {} }', null, null];
        yield 'a typed class constant' => ['class A { const string X = "x"; }', '8.3', 'a typed class constant on line 3'];
        yield 'a dynamic class constant fetch' => ['$n = "X"; echo A::{$n};', '8.3', 'a dynamic class constant fetch on line 3'];
        yield 'a readonly anonymous class' => ['$a = new readonly class {};', '8.3', 'a readonly anonymous class on line 3'];
        yield 'a property hook' => ['class A { public string $x { get => "x"; } }', '8.4', 'a property hook on line 3'];
        yield 'an interface property' => ['interface I { public string $x { get; } }', '8.4', 'a property hook on line 3'];
        yield 'a promoted property with a hook' => ['class A { public function __construct(public string $x { set => strtolower($value); }) {} }', '8.4', 'a property hook on line 3'];
        yield 'asymmetric visibility' => ['class A { public private(set) int $x = 0; }', '8.4', 'asymmetric visibility on line 3'];
        yield 'asymmetric visibility, promoted' => ["class A {\n public function __construct(protected(set) int \$x) {} }", '8.4', 'asymmetric visibility on line 4'];
        yield 'new without parentheses, a method called' => ['class A { function m() {} } new A()->m();', '8.4', 'new without parentheses in a chain on line 3'];
        yield 'new without parentheses, a constant' => ['class A { const X = 1; } echo new A()::X;', '8.4', 'new without parentheses in a chain on line 3'];
        yield 'new in parentheses' => ['class A { function m() {} } (new A())->m(); f(new A());', null, null];
        yield 'the newest syntax is named' => ["class A { const string X = 'x'; }\nclass B { public \$x { get => 1; } }", '8.4', 'a property hook on line 4'];
        yield '#[\Override] parses on every PHP 8' => ['class A { function m() {} } class B extends A { #[\Override] function m() {} }', null, null];
    }
}
