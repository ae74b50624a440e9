<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Util;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Util\JitRestart;

/** When the commands that parse code run again under OPcache's JIT, and with which command line. */
final class JitRestartTest extends TestCase
{
    private const OPCACHE = ['opcache.enable_cli=1', 'opcache.jit=tracing'];

    public function testGenerateRunsAgainWithThePhpOptionsItWasStartedWithThenTheJit(): void
    {
        $argv = ['bin/preheat', 'generate', '--project=/srv/app', '-vv'];
        $cmdline = implode("\0", ['php8.2', '-d', 'memory_limit=2G', '-n', '-dshort_open_tag=0', ...$argv])."\0";

        self::assertSame(
            [
                '-d', 'memory_limit=2G', '-n', '-dshort_open_tag=0',
                '-d', 'opcache.enable_cli=1', '-d', 'opcache.jit=tracing',
                ...$argv,
            ],
            JitRestart::command($argv, $cmdline, null, self::OPCACHE),
        );
    }

    public function testAnArgumentThatLooksLikeAPhpOptionValueStaysWhereItIs(): void
    {
        $argv = ['/usr/local/bin/preheat', 'explain', 'src/A.php'];
        $cmdline = implode("\0", ['/usr/bin/php', '-c', '/etc/php/cli.ini', ...$argv])."\0";

        self::assertSame(
            ['-c', '/etc/php/cli.ini', '-d', 'opcache.enable_cli=1', '-d', 'opcache.jit=tracing', ...$argv],
            JitRestart::command($argv, $cmdline, null, self::OPCACHE),
        );
    }

    /** @return iterable<string, array{list<string>, string, string|null, list<string>|null}> */
    public static function noRestart(): iterable
    {
        $generate = ['bin/preheat', 'generate'];
        $cmdline = "php\0bin/preheat\0generate\0";
        yield 'PREHEAT_JIT=0' => [$generate, $cmdline, '0', self::OPCACHE];
        yield 'no JIT to turn on' => [$generate, $cmdline, null, null];
        yield 'a command that parses nothing' => [['bin/preheat', 'status'], "php\0bin/preheat\0status\0", null, self::OPCACHE];
        yield 'no command' => [['bin/preheat', '--version'], "php\0bin/preheat\0--version\0", null, self::OPCACHE];
        yield 'a command line that does not end with the arguments' => [$generate, "php\0other\0generate\0", null, self::OPCACHE];
        yield 'php -f' => [$generate, "php\0-f\0bin/preheat\0generate\0", null, self::OPCACHE];
        yield 'an unreadable command line' => [$generate, '', null, self::OPCACHE];
    }

    /**
     * @param list<string>      $argv
     * @param list<string>|null $opcache
     */
    #[DataProvider('noRestart')]
    public function testGoesOnAsStarted(array $argv, string $cmdline, ?string $environment, ?array $opcache): void
    {
        self::assertNull(JitRestart::command($argv, $cmdline, $environment, $opcache));
    }
}
