<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\FileAnalyzer;
use Preheat\Inventory\PlainFileAnalyzer;

/**
 * The token reader of plain declaration files against php-parser's whole parse: what it reads must be exactly
 * what FileAnalyzer tells from the tree, on every fixture and on each construct below; each file it should read
 * it must read (not give up on, or nothing would be faster), and each it must leave to php-parser it must give
 * up on. bench/analysis-differential.php compares the two on whole trees.
 */
final class PlainFileAnalyzerTest extends TestCase
{
    #[DataProvider('fixtureFiles')]
    public function testWhatItReadsOfEveryFixtureIsWhatPhpParserTells(string $file): void
    {
        $code = (string) file_get_contents($file);
        $plain = (new PlainFileAnalyzer())->analyze($file, $code, 1, 2);
        if (null === $plain) {
            $this->addToAssertionCount(1);

            return;
        }
        self::assertSame((new FileAnalyzer(null, false))->analyzeCode($file, $code, 1, 2)->toArray(), $plain->toArray());
    }

    /** @return iterable<string, array{string}> */
    public static function fixtureFiles(): iterable
    {
        $fixtures = \dirname(__DIR__, 2).'/Fixtures';
        $files = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator($fixtures, \FilesystemIterator::SKIP_DOTS),
        );
        foreach ($files as $file) {
            $path = $file->getPathname();
            if (str_ends_with($path, '.php') && !is_link($path)) {
                yield substr($path, \strlen($fixtures) + 1) => [$path];
            }
        }
    }

    #[DataProvider('plainFiles')]
    public function testAPlainFileIsReadFromTokensAsPhpParserReadsIt(string $code): void
    {
        $plain = (new PlainFileAnalyzer())->analyze('/app/src/A.php', $code, 10, 20);
        $whole = (new FileAnalyzer(null, false))->analyzeCode('/app/src/A.php', $code, 10, 20);

        self::assertNotNull($plain, 'the token reader gave up on a plain file');
        self::assertNull($whole->parseError);
        self::assertSame($whole->toArray(), $plain->toArray());
    }

    /** @return iterable<string, array{string}> */
    public static function plainFiles(): iterable
    {
        yield 'no namespace, no class' => ["<?php\n"];
        yield 'declare and namespace' => ["<?php\n\ndeclare(strict_types=1);\n\nnamespace App\\Models;\n\nfinal class User {}\n"];
        yield 'imports, aliases, groups' => [<<<'PHP'
            <?php
            namespace App;
            use Lib\Base as Parent_, Lib\Other;
            use Lib\Contracts\{Shows, Sub\Hides as Hidden,};
            use function Lib\helper;
            use const Lib\LIMIT;
            use Lib\{Things, function other, const OTHER};
            use \Outer\Iface;
            class A extends Parent_ implements Shows, Hidden, Iface, Things\Countable, \Stringable, namespace\Local
            {
                public function __toString(): string { return helper(LIMIT); }
            }
            PHP];
        yield 'attributes, modifiers, lines' => [<<<'PHP'
            <?php
            namespace App;

            /** A doc comment */
            #[Attr(1, [2, 3]), Other]
            #[Third(new \DateTimeImmutable())]
            abstract
            readonly class A
            {
                #[\Override]
                public function a(): void {}
                #[Override]
                public function b(): void {}
                #[Attr] #[\Override(), X]
                protected static function &c(int &$x, ...$rest): array { return $rest; }
                abstract public function d(self $a, parent|null $b = null, ?A $c = NULL, B $d = \null, $e = null);
            }
            PHP];
        yield 'override imported in the global namespace' => [<<<'PHP'
            <?php
            use Override as O;
            class A extends B { #[O] public function a() {} #[Override] public function b() {} }
            PHP];
        yield 'types' => [<<<'PHP'
            <?php
            namespace N;
            use Other\Thing;
            class A extends Base
            {
                public function a(int|string|null $a, (Thing&\Countable)|null $b, Thing&Iter $c, ?self $d,
                    null|false $e = false, mixed $f = null, callable|array $g = [], iterable $h = [1, 2],
                    INT $i = 0, Resource $j = null, Boolean $k = null, ?parent $l = null): static|NEVER {}
                public function b(): ?Thing { return null; }
                public function c(): (A&B)|(C&D) { }
                public function d(): \Closure|Thing\Sub|namespace\Here { }
            }
            PHP];
        yield 'promoted properties' => [<<<'PHP'
            <?php
            namespace N;
            final class A
            {
                public int $declared = 1, $second;
                protected static ?A $shared = null;
                private string $hidden = 'x';
                var $old;
                public readonly array $list;
                public function __construct(
                    public readonly int $id,
                    private string $secret,
                    protected ?self $next = null,
                    readonly string $name = 'n',
                    $plain = 1,
                ) {
                }
                public function __CONSTRUCT2(\DateTimeInterface $at = new \DateTimeImmutable('now')) {}
            }
            PHP];
        yield 'readonly class properties' => [<<<'PHP'
            <?php
            readonly class A { public int $a; public function __construct(public string $b) {} }
            PHP];
        yield 'constants' => [<<<'PHP'
            <?php
            namespace N;
            interface I extends \JsonSerializable, J
            {
                const A = 1, B = self::A + 2;
                public const C = [1, 2, 3];
                final public const D = 'd';
                public function i(self $i): static;
            }
            PHP];
        yield 'class constants' => [<<<'PHP'
            <?php
            class A { private const P = 1; protected const Q = <<<TXT
                text {$x}
                TXT; final const R = E::X; const S = 'a' . PHP_EOL, T = A::class; }
            PHP];
        yield 'enum' => [<<<'PHP'
            <?php
            namespace N;
            enum Suit: string implements HasLabel, \JsonSerializable
            {
                use Labels;
                case Hearts = 'H';
                case Spades = 'S' . '';
                const Wild = self::Spades;
                public function label(): string { return ucfirst($this->value); }
                public static function fromChar(string $c): self { return self::from($c); }
                public function jsonSerialize(): mixed { return $this->name; }
            }
            PHP];
        yield 'trait with adaptations' => [<<<'PHP'
            <?php
            namespace N;
            trait T
            {
                use A, \B\C { A::x insteadof C; C::x as protected y; }
                use D;
                public ?self $me = null;
                public function t(self $a): parent { return $a; }
                abstract protected function u(): void;
            }
            PHP];
        yield 'bodies with closures, arrow functions, strings' => [<<<'PHP'
            <?php
            class A
            {
                public function a(array $items): array
                {
                    $f = function (int $x) use ($items): int { return $x + count($items); };
                    $g = fn ($y) => $y * 2;
                    $s = "{$items[0]} ${items}";
                    $n = new \ArrayObject([1, 2]);
                    $c = self::class . static::class . A::class;
                    return array_map(static fn ($i) => [$f($i), $g($i)], $items);
                }
                public function list(): void {}
                public function print(): void {}
                public function fn(): void {}
            }
            PHP];
        yield 'exit guards' => [<<<'PHP'
            <?php
            if (!defined('APP')) { // not from the web
                exit;
            }
            if (!defined('B')) exit('no');
            defined('C') || exit;
            !defined('D') or die("x");
            class A {}
            PHP];
        yield 'calls and hints' => [<<<'PHP'
            <?php
            namespace N;
            use Lib\Registry;
            trigger_deprecation('lib/n', '1.0', 'A is deprecated');
            @trigger_error('old', E_USER_DEPRECATED);
            \spl_autoload_register([Registry::class, 'load']);
            Registry::add(A::class);
            @Registry::add(B::class);
            class A {}
            class_exists(B::class);
            \interface_exists('N\I', false);
            PHP];
        yield 'several classes' => [<<<'PHP'
            <?php
            namespace N;
            interface I {}
            class A implements I {}
            final class B extends A { public function __clone() {} }
            PHP];
    }

    #[DataProvider('filesForPhpParser')]
    public function testAFileThatIsNotPlainIsLeftToPhpParser(string $code): void
    {
        self::assertNull((new PlainFileAnalyzer())->analyze('/app/src/A.php', $code, 10, 20));
    }

    /** @return iterable<string, array{string}> */
    public static function filesForPhpParser(): iterable
    {
        yield 'a syntax error' => ["<?php\nclass A { public function a() { return 1 } }\n"];
        yield 'a syntax error in a body' => ["<?php\nclass A { public function a() { \$x = ; } }\n"];
        yield 'an include' => ["<?php\nclass A { public function a() { require __DIR__.'/b.php'; } }\n"];
        yield 'a side effect' => ["<?php\nclass A {}\necho 1;\n"];
        yield 'a guard' => ["<?php\nif (class_exists('A')) { return; }\nclass A {}\n"];
        yield 'a top-level function' => ["<?php\nfunction a() {}\n"];
        yield 'a close tag' => ["<?php\nclass A {}\n?>\n"];
        yield 'inline HTML' => ["<html><?php\nclass A {}\n"];
        yield 'a braced namespace' => ["<?php\nnamespace A {\nclass B {}\n}\n"];
        yield 'two namespaces' => ["<?php\nnamespace A;\nclass B {}\nnamespace C;\nclass D {}\n"];
        yield 'an anonymous class in a body' => ["<?php\nclass A { public function a() { return new class {}; } }\n"];
        yield 'a function declared in a body' => ["<?php\nclass A { public function a() { function b() {} } }\n"];
        yield 'a class declared in a body' => ["<?php\nclass A { public function a() { class B {} } }\n"];
        yield 'a define call in a body' => ["<?php\nclass A { public function a() { define('X', 1); } }\n"];
        yield 'a try without catch in a body' => ["<?php\nclass A { public function a() { try { } } }\n"];
        yield 'an empty array element in a body' => ["<?php\nclass A { public function a() { return [1,,2]; } }\n"];
        yield 'an empty array element in a default' => ["<?php\nclass A { const X = [1,,2]; }\n"];
        yield 'a chain after new in a default' => ["<?php\nclass A { public function a(\$a = (new B())->c) {} }\n"];
        yield 'an anonymous class in a default' => ["<?php\nclass A { public function a(\$a = new class {}) {} }\n"];
        yield 'a closure in a constant' => ["<?php\nclass A { const X = static function () {}; }\n"];
        yield 'a dynamic class constant' => ["<?php\nclass A { public function a() { return B::{\$c}; } }\n"];
        yield 'a variadic default' => ["<?php\nclass A { public function a(...\$a = []) {} }\n"];
        yield 'a void parameter' => ["<?php\nclass A { public function a(void \$a) {} }\n"];
        yield 'promotion outside the constructor' => ["<?php\nclass A { public function a(public \$a) {} }\n"];
        yield 'a class named self' => ["<?php\nclass self {}\n"];
        yield 'a parent named parent' => ["<?php\nclass A extends parent {}\n"];
        yield 'an alias used twice' => ["<?php\nuse A\\B;\nuse C\\B;\nclass D {}\n"];
        yield 'a class named as an import' => ["<?php\nuse A\\B;\nclass B {}\n"];
        yield 'a static constructor' => ["<?php\nclass A { public static function __construct() {} }\n"];
        yield 'a readonly method' => ["<?php\nclass A { readonly function a() {} }\n"];
        yield 'a static constant' => ["<?php\nclass A { static const X = 1; }\n"];
        yield 'final and abstract' => ["<?php\nfinal abstract class A {}\n"];
        yield 'a relative define call in a default' => ["<?php\nnamespace N;\nclass A { const X = namespace\\define('B', 1); }\n"];
        yield 'a define call' => ["<?php\ndefine('X', 1);\nclass A {}\n"];
        yield 'a qualified function call' => ["<?php\nnamespace N;\nuse Lib;\nLib\\f();\nclass A {}\n"];
        yield 'an exit guard with an else' => ["<?php\nif (!defined('X')) { exit; } else { echo 1; }\nclass A {}\n"];
        yield 'an exit guard with two statements' => ["<?php\nif (!defined('X')) { echo 1; exit; }\nclass A {}\n"];
        yield 'a negated hint' => ["<?php\n!class_exists('A');\nclass A {}\n"];
        yield 'a call in a chain' => ["<?php\nRegistry::get()->add('A');\nclass A {}\n"];
        yield 'a call followed by and' => ["<?php\ndefined('X') && exit;\nclass A {}\n"];
        yield 'a return guard' => ["<?php\nif (class_exists('A', false)) { return; }\nclass A {}\n"];
        yield 'halt compiler' => ["<?php\nclass A {}\n__halt_compiler(); data"];
    }
}
