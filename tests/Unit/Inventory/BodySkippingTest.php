<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PhpParser\Lexer;
use PhpParser\PhpVersion;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\BodySkippingLexer;
use Preheat\Inventory\FileAnalyzer;
use Preheat\Inventory\InertBodies;

/**
 * The analysis with inert function bodies left out (as every run parses) against the same with every file
 * parsed whole: the inventories must be the same, on every fixture and on each construct that makes a body
 * matter. bench/analysis-differential.php compares the two on whole trees (Debian's /usr/share/php, an app's
 * vendor/).
 */
final class BodySkippingTest extends TestCase
{
    #[DataProvider('fixtureFiles')]
    public function testEveryFixtureFileIsAnalysedAsWhenParsedWhole(string $file): void
    {
        self::assertSame(self::whole($file), self::skipping($file));
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

    #[DataProvider('analyzerFixtures')]
    public function testEveryAnalyzerFixtureIsAnalysedAsWhenParsedWhole(string $code): void
    {
        self::assertSame(self::wholeCode($code), self::skippingCode($code));
    }

    /** @return iterable<string, array{string}> */
    public static function analyzerFixtures(): iterable
    {
        foreach (glob(\dirname(__DIR__, 2).'/Fixtures/analyzer/*.test') ?: [] as $file) {
            yield basename($file, '.test') => [explode("\n-----\n", (string) file_get_contents($file), 2)[0]];
        }
    }

    /**
     * Each body holds what the analysis looks for inside bodies, or what php-parser refuses (where PHP 8.2 does
     * not, or on a later PHP): left out, the inventory would lose it. The tokens tell, but for a syntax error:
     * PHP's own parse of the file finds that.
     */
    #[DataProvider('bodiesThatMatter')]
    public function testABodyThatMattersIsParsed(string $body, bool $seenInTheTokens = true): void
    {
        $code = "<?php\nnamespace App;\n\nfinal class Service\n{\n    public function run(\$x)\n    {\n"
            .$body."\n    }\n}\n";

        self::assertSame(self::wholeCode($code), self::skippingCode($code));
        if ($seenInTheTokens) {
            self::assertSame([], (new InertBodies())->find((new Lexer())->tokenize($code)), 'no body left out');
        }
    }

    /** @return iterable<string, array{0: string, 1?: bool}> */
    public static function bodiesThatMatter(): iterable
    {
        yield 'a named class' => ['class Local {}'];
        yield 'an interface' => ['interface Local {}'];
        yield 'a trait' => ['trait Local {}'];
        yield 'an enum' => ['enum Local {}'];
        yield 'a named function' => ['function local() {}'];
        yield 'an anonymous class' => ['return new class extends \Base {};'];
        yield 'a guarded include' => ["if (!function_exists('helper')) {\n    require __DIR__.'/helpers.php';\n}"];
        yield 'define' => ["define('APP_ROOT', __DIR__);"];
        yield 'define, qualified' => ["\\define('APP_ROOT', __DIR__);"];
        yield 'new X() in a chain' => ['return new Builder()->build();'];
        yield 'new with a class named by a static property, in a chain' => ['return new Registry::$class()->make();'];
        yield 'new with a class named by a variable, in a chain' => ['return new $class()->make();'];
        yield 'a dynamic class constant' => ['return Config::{$x};'];
        yield 'a try without catch or finally' => ['try { $x(); }'];
        yield 'an empty array element' => ['return [1, , 2];'];
        yield 'a variadic parameter with a default' => ['return function (...$rest = []) {};'];
        yield 'a void parameter' => ['return function (void $nothing) {};'];
        yield 'a syntax error' => ['return $x +;', false];
        yield 'an open tag' => ['?>text<?php'];
    }

    public function testAnInertBodyIsLeftOutAndTheFileAnalysedAlike(): void
    {
        $code = "<?php\nnamespace App;\n\nfinal class Service\n{\n    public function run(array \$x): int\n    {\n"
            ."        return array_sum(array_map(static fn (\$v) => \$v * 2, \$x)) + Other::class;\n    }\n}\n";
        $tokens = (new Lexer())->tokenize($code);

        $bodies = (new InertBodies())->find($tokens);

        self::assertCount(1, $bodies);
        self::assertSame('{', $tokens[$bodies[0][0]]->text);
        self::assertSame('}', $tokens[$bodies[0][1]]->text);
        $lexer = new BodySkippingLexer(new Lexer(), PhpVersion::getHostVersion());
        self::assertLessThan(\count($tokens) - 20, \count($lexer->tokenize($code)));
        self::assertSame(self::wholeCode($code), self::skippingCode($code));
    }

    /**
     * A closure that returns inside an `if` makes GuardedIncludeCollector take the `if` for a guard of the include
     * after it: in a file that includes another, only top-level functions and methods of top-level classes lose
     * their bodies.
     */
    public function testInAFileThatIncludesOnlyTopLevelBodiesAreLeftOut(): void
    {
        $code = "<?php\nif (class_exists(Rules::class)) {\n    Rules::set(static function (\$n) {\n"
            ."        return \$n;\n    });\n}\n\nreturn require __DIR__.'/base.php';\n";

        self::assertSame([], (new InertBodies())->find((new Lexer())->tokenize($code)));
        self::assertNotSame([], self::skippingCode($code)['guardedIncludes'] ?? []);
        self::assertSame(self::wholeCode($code), self::skippingCode($code));
    }

    /**
     * A function declared inside `if (...): ... endif;` stands in no braces, yet is no more top-level than one in
     * `if (...) { }`: a return in its body makes the `if` a guard of the include after it (WordPress's compat.php).
     */
    public function testAFunctionInAnAlternativeSyntaxBlockKeepsItsBodyInAFileThatIncludes(): void
    {
        $code = "<?php\nif (!function_exists('hash_equals')) :\n    function hash_equals(\$a, \$b) {\n"
            ."        return \$a === \$b;\n    }\nendif;\nrequire __DIR__.'/random.php';\n";
        $tokens = (new Lexer())->tokenize($code);

        self::assertSame([], (new InertBodies())->find($tokens));
        self::assertSame(self::wholeCode($code), self::skippingCode($code));
    }

    /** A closure in a property hook: SignatureReader looks into hooks, whether one names the property. */
    public function testNoBodyInsideAPropertyHookIsLeftOut(): void
    {
        $code = "<?php\nfinal class Box\n{\n    public int \$size {\n        get {\n"
            ."            return (function () { return \$this->size; })();\n        }\n    }\n}\n";

        self::assertSame([], (new InertBodies())->find((new Lexer())->tokenize($code)));
    }

    /** @return array<string, mixed> */
    private static function whole(string $path): array
    {
        return self::withoutSource((new FileAnalyzer(null, false))->analyzeForReuse($path)->toArrays());
    }

    /** @return array<string, mixed> */
    private static function skipping(string $path): array
    {
        return self::withoutSource((new FileAnalyzer())->analyzeForReuse($path)->toArrays());
    }

    /** @return array<string, mixed> */
    private static function wholeCode(string $code): array
    {
        return (new FileAnalyzer(null, false))->analyzeCode('/case.php', $code)->toArray();
    }

    /** @return array<string, mixed> */
    private static function skippingCode(string $code): array
    {
        return (new FileAnalyzer())->analyzeCode('/case.php', $code)->toArray();
    }

    /**
     * @param array{0: array<string, mixed>, 1: array<string, mixed>|null} $arrays
     *
     * @return array<string, mixed>
     */
    private static function withoutSource(array $arrays): array
    {
        return ['inventory' => $arrays[0], 'templated' => $arrays[1]];
    }
}
