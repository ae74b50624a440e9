<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/** `verify`: scripts that are missing, empty, not PHP, broken, throwing or exiting; bad PHP and ini. */
final class VerifyCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $verify = static fn (Sandbox $s, string $content, string ...$more): Run => new Run(['verify', $s->write('preload.php', $content), ...$more]);

        return [
            new FaultCase('verify-missing-script', 'verify', 'the script does not exist', static fn (Sandbox $s): Run => new Run(['verify', $s->project.'/none.php']), new Expect([2], '{none\.php}')),
            new FaultCase('verify-script-is-a-directory', 'verify', 'the script is a directory', static function (Sandbox $s): Run {
                mkdir($s->project.'/dir.php');

                return new Run(['verify', $s->project.'/dir.php']);
            }, new Expect([2], '{dir\.php}')),
            new FaultCase('verify-empty-script', 'verify', 'an empty script', static fn (Sandbox $s): Run => $verify($s, ''), new Expect([0], '{0 fatal}', unchanged: ['preload.php'])),
            new FaultCase('verify-not-php', 'verify', 'a script of plain text', static fn (Sandbox $s): Run => $verify($s, "hello\n"), new Expect([0], '{0 fatal}', unchanged: ['preload.php'])),
            new FaultCase('verify-parse-error', 'verify', 'a script that does not parse', static fn (Sandbox $s): Run => $verify($s, "<?php\nclass {"), new Expect([1], '{syntax error}', unchanged: ['preload.php'])),
            new FaultCase('verify-throws', 'verify', 'a script that throws', static fn (Sandbox $s): Run => $verify($s, "<?php\nthrow new RuntimeException('boom');\n"), new Expect([1], '{boom}', unchanged: ['preload.php'])),
            new FaultCase('verify-exits', 'verify', 'a script that calls exit(3)', static fn (Sandbox $s): Run => $verify($s, "<?php\nexit(3);\n"), new Expect([1], '{did not start|fatal}', unchanged: ['preload.php'])),
            new FaultCase('verify-missing-php', 'verify', '--php does not exist', static fn (Sandbox $s): Run => $verify($s, "<?php\n", '--php=/nonexistent/php'), new Expect([2], '{--php=/nonexistent/php}')),
            new FaultCase('verify-bad-opcache-memory', 'verify', '--opcache-memory=abc', static fn (Sandbox $s): Run => $verify($s, "<?php\n", '--opcache-memory=abc'), new Expect([2], '{opcache-memory}')),
            new FaultCase('verify-ini-syntax-error', 'verify', 'an --ini with a syntax error', static fn (Sandbox $s): Run => $verify($s, "<?php\n", '--ini='.$s->write($s->root.'/bad.ini', "[PHP]\nmemory_limit = 128M\n[broken\n")), new Expect([0, 1], '{bad\.ini:3|line 3}')),
            new FaultCase('verify-unreadable-preloaded-file', 'verify', 'the script compiles a file of mode 0600 the pool\'s user cannot read (as root, --user=www-data)', static function (Sandbox $s) use ($verify): Run {
                $s->write('src/Secret.php', "<?php\nfinal class Secret {}\n", 0600);

                return $verify($s, "<?php\nopcache_compile_file(__DIR__.'/src/Secret.php');\n", '--user=www-data');
            }, new Expect([1, 3], '{cannot read|not readable|Permission denied}i')),
            new FaultCase('verify-bad-format', 'verify', '--format=xml', static fn (Sandbox $s): Run => $verify($s, "<?php\n", '--format=xml'), new Expect([2], '{format}')),
        ];
    }
}
