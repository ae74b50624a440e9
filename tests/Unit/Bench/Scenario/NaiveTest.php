<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Scenario;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Scenario\GivenScript;
use Preheat\Bench\Scenario\Naive;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\ConfigError;
use Preheat\Plan\Strategy\Strategies;

/**
 * The naive reference scenario: its SPEC, and the script the bench writes for it, every file compiled as a
 * compile-everything preloader does, with paths that read back byte for byte.
 */
final class NaiveTest extends TestCase
{
    public function testNaiveIsASpecOfItsOwnAndAScriptCalledNaiveIsStillAGivenScript(): void
    {
        $fixtures = \dirname(__DIR__, 3).'/Fixtures/bench';

        $naive = ScenarioSpec::fromOption('naive', $fixtures, Strategies::standard());
        self::assertInstanceOf(Naive::class, $naive->preload);
        self::assertSame('naive', $naive->name);
        self::assertSame('naive', $naive->spec);
        self::assertFalse($naive->isNone());

        $named = ScenarioSpec::fromOption('everything=naive', $fixtures, Strategies::standard());
        self::assertInstanceOf(Naive::class, $named->preload);
        self::assertSame('everything', $named->name);

        $given = ScenarioSpec::fromOption('naive=naive-preload.php', $fixtures, Strategies::standard());
        self::assertInstanceOf(GivenScript::class, $given->preload);
        self::assertSame($fixtures.'/naive-preload.php', $given->preload->path);
    }

    public function testAnUnknownSpecNamesNaiveAmongTheChoices(): void
    {
        try {
            ScenarioSpec::parse('x', 'nothing-like-this', '/', Strategies::standard());
            self::fail('an unknown SPEC is a ConfigError');
        } catch (ConfigError $error) {
            self::assertStringContainsString('give none, record, naive, ', $error->getMessage());
        }
    }

    public function testTheScriptCompilesEveryFileInPathOrderWithNothingAround(): void
    {
        $script = Naive::script(['/app/vendor/b.php', '/app/src/A.php', '/app/vendor/a.php']);

        $compiles = array_values(array_filter(
            explode("\n", $script),
            static fn (string $line): bool => str_starts_with($line, 'opcache_compile_file('),
        ));
        self::assertSame([
            "opcache_compile_file('/app/src/A.php');",
            "opcache_compile_file('/app/vendor/a.php');",
            "opcache_compile_file('/app/vendor/b.php');",
        ], $compiles);
        self::assertStringStartsWith("<?php\n", $script);
        self::assertStringContainsString('(3 files)', $script);
        // As compile-everything preloaders run: nothing guards a file, catches an error or lifts memory_limit.
        foreach (['try', 'catch', 'is_file', 'file_exists', 'ini_set'] as $guard) {
            self::assertStringNotContainsString($guard, $script);
        }
    }

    public function testAPathWithQuotesOrALineBreakReadsBackByteForByteOnOneLine(): void
    {
        $odd = "/app/vendor/it's \"odd\"\n\$dir\\x.php";
        $script = Naive::script([$odd, '/app/plain.php']);

        $literals = [];
        foreach (token_get_all($script) as $token) {
            if (\is_array($token) && \T_CONSTANT_ENCAPSED_STRING === $token[0]) {
                $literals[] = eval('return '.$token[1].';');
            }
        }
        self::assertSame(['/app/plain.php', $odd], $literals);
        self::assertSame(2, preg_match_all('/^opcache_compile_file\(/m', $script));
        foreach (explode("\n", $script) as $line) {
            if (str_contains($line, 'odd')) {
                self::assertStringEndsWith(');', $line, 'the call never spans lines');
            }
        }
    }
}
