<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console\Trace;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Console\Trace\ShellLine;
use Preheat\Process\StartedCommand;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

final class ShellLineTest extends TestCase
{
    /** @return iterable<string, array{string, string}> */
    public static function words(): iterable
    {
        yield 'a path as typed' => ['/usr/sbin/php-fpm8.2', '/usr/sbin/php-fpm8.2'];
        yield 'an ini setting' => ['opcache.preload=/app/preload.php', 'opcache.preload=/app/preload.php'];
        yield 'empty' => ['', "''"];
        yield 'a space' => ['/srv/my app/preload.php', "'/srv/my app/preload.php'"];
        yield 'a single quote' => ["it's", "'it'\\''s'"];
        yield 'double quotes and a dollar' => ['echo "$HOME";', "'echo \"\$HOME\";'"];
        yield 'a glob' => ['*.php', "'*.php'"];
        yield 'a newline' => ["a\nb", "\$'a\\nb'"];
        yield 'a newline, a quote and a backslash' => ["it's\n\\", "\$'it\\'s\\n\\\\'"];
        yield 'a tab and another control character' => ["a\tb\x01", "\$'a\\tb\\x01'"];
    }

    #[DataProvider('words')]
    public function testAWordIsQuotedOnlyAsMuchAsItNeeds(string $word, string $quoted): void
    {
        self::assertSame($quoted, ShellLine::word($word));
    }

    public function testTheLineEntersTheWorkingDirectoryInASubshellAndSetsTheEnvironment(): void
    {
        $line = ShellLine::of(new StartedCommand(
            ['/usr/bin/php8.2', '-d', 'error_log=', '-r', 'echo 1;'],
            '/tmp/scenario dir',
            ['PHP_INI_SCAN_DIR' => '/etc/php/8.2/fpm/conf.d', 'USE_ZEND_ALLOC' => '0'],
            false,
        ));

        self::assertSame(
            "(cd '/tmp/scenario dir' && PHP_INI_SCAN_DIR=/etc/php/8.2/fpm/conf.d USE_ZEND_ALLOC=0 /usr/bin/php8.2 -d"
            ." error_log= -r 'echo 1;')",
            $line,
        );
        self::assertSame('git status', ShellLine::of(new StartedCommand(['git', 'status'], null, [], false)));
    }

    /** Pasted into bash, the line runs the program with exactly these arguments, here and with this environment. */
    public function testBashGivesTheProgramExactlyTheWordsTheRunnerWasGiven(): void
    {
        $directory = new TemporaryDirectory();
        try {
            $words = ['plain', '', 'two words', "it's", '"$HOME" `id` $(id)', "line\nbreak", "tab\tand \\ back\\slash", "\x01\x7f", '*', '~', '#not a comment', 'é ü'];
            $script = 'printf "%s\n" "$PWD" "$TRACE_VALUE"; for word in "$@"; do printf "[%s]" "$word"; done';
            $line = ShellLine::of(new StartedCommand(
                ['bash', '-c', $script, 'bash', ...$words],
                $directory->path,
                ['TRACE_VALUE' => "a 'value'\nwith a newline"],
                false,
            ));

            self::assertStringNotContainsString("\n", $line, 'one line');
            $process = new Process(['bash', '-c', $line]);
            $process->mustRun();

            $expected = implode("\n", [realpath($directory->path), "a 'value'", 'with a newline'])."\n"
                .implode('', array_map(static fn (string $word): string => '['.$word.']', $words));
            self::assertSame($expected, $process->getOutput());
        } finally {
            $directory->remove();
        }
    }
}
