<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/** `doctor`: php.ini missing, a directory or broken; pool files missing or garbage; advice about files that do not exist. */
final class DoctorCases
{
    private const FPM_INI = Sandbox::FPM_INI;

    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $doctor = static fn (Sandbox $s, string ...$more): Run => new Run(['doctor', '--project='.$s->smallProject(), ...$more]);

        return [
            new FaultCase('doctor-missing-ini', 'doctor', '--ini does not exist', static fn (Sandbox $s): Run => $doctor($s, '--ini='.$s->root.'/none.ini'), new Expect([2], '{none\.ini}')),
            new FaultCase('doctor-ini-is-a-directory', 'doctor', '--ini is a directory', static fn (Sandbox $s): Run => $doctor($s, '--ini='.$s->root), new Expect([2], '{php\.ini}')),
            new FaultCase('doctor-ini-syntax-error', 'doctor', 'an --ini with a syntax error on line 3', static fn (Sandbox $s): Run => $doctor($s, '--pool='.$s->pool(), '--ini='.$s->write($s->root.'/bad.ini', "[PHP]\nmemory_limit = 128M\n[broken\n")), new Expect([4], '{syntax.*(line 3|bad\.ini:3)|(line 3|bad\.ini:3).*syntax}is'), '16.6'),
            new FaultCase('doctor-missing-pool', 'doctor', '--pool does not exist', static fn (Sandbox $s): Run => $doctor($s, '--pool='.$s->root.'/none.conf'), new Expect([2], '{none\.conf}')),
            new FaultCase('doctor-garbage-pool', 'doctor', '--pool is garbage', static fn (Sandbox $s): Run => $doctor($s, '--ini='.self::FPM_INI, '--pool='.$s->write($s->root.'/garbage.conf', "garbage [[[\n")), new Expect([2], '{garbage\.conf}', '{deprecated}i')),
            new FaultCase('doctor-missing-php', 'doctor', '--php does not exist', static fn (Sandbox $s): Run => $doctor($s, '--php=/nonexistent/php'), new Expect([2], '{/nonexistent/php}')),
            new FaultCase('doctor-missing-project', 'doctor', 'the project does not exist', static fn (Sandbox $s): Run => new Run(['doctor', '--project='.$s->root.'/nowhere']), new Expect([2], '{nowhere}')),
            new FaultCase('doctor-no-composer-json', 'doctor', 'a packaged app: Composer\'s autoloader, not optimised, and no composer.json', static function (Sandbox $s): Run {
                $s->write('lib/Lib.php', "<?php\nnamespace App;\nclass Lib {}\n");
                $s->write('vendor/autoload.php', "<?php\nreturn require __DIR__.'/composer/autoload_real.php';\n");
                $s->write('vendor/composer/autoload_real.php', "<?php\n// Composer's generated loader\n");
                $s->write('vendor/composer/autoload_psr4.php', "<?php\n\$vendorDir = dirname(__DIR__);\n\$baseDir = dirname(\$vendorDir);\nreturn array(\n    'App\\\\' => array(\$baseDir . '/lib'),\n);\n");
                $s->write('vendor/composer/autoload_classmap.php', "<?php\nreturn array(\n);\n");
                $s->write('vendor/composer/installed.json', '{"packages": []}');

                return new Run(['doctor', '--project='.$s->project, '--ini='.self::FPM_INI, '--pool='.$s->pool()]);
            }, new Expect([0, 1], '{autoloader}i', '{fix: [^\n]*composer\.json|Warning}'), '16.7'),
        ];
    }
}
