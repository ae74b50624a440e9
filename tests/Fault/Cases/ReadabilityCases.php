<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Outcome;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/**
 * The pool's user and the files requests load: a file Composer's autoloader includes on every request that the plan
 * does not preload, unreadable to www-data (run as root). The preload works; the site would not.
 */
final class ReadabilityCases
{
    private const AUTOLOADED = 'vendor/ralouphie/getallheaders/src/getallheaders.php';

    /** @return list<FaultCase> */
    public static function cases(): array
    {
        return [
            new FaultCase('generate-unreadable-autoload-file', 'generate', 'a file of Composer\'s autoload_files the plan does not preload, mode 0600 (as root, --pool-user=www-data)', static function (Sandbox $s): Run {
                self::project($s);

                return new Run(['generate', '--project='.$s->project, '--pool-user=www-data']);
            }, new Expect([0], '{requests will fail(.|\n)*getallheaders\.php(.|\n)*Fix: chmod -R a\+rX \S*/getallheaders/src}', creates: GenerateCases::WRITES, after: self::notPreloaded(...), afterSays: 'getallheaders.php not preloaded'), '30.1'),
            new FaultCase('generate-unreadable-planned-and-autoload-file', 'generate', 'the same, and a planned class file of mode 0600: the exit-3 fix, run, lets www-data read both', static function (Sandbox $s): Run {
                self::project($s);
                chmod($s->project.'/src/Thing.php', 0600);

                return new Run(['generate', '--project='.$s->project, '--pool-user=www-data']);
            }, new Expect([3], '{cannot read 1 of the 2 files to preload(.|\n)*getallheaders\.php}', after: self::fixWorks(...), afterSays: 'the printed fix, run, lets www-data read both'), '30.1'),
            new FaultCase('doctor-unreadable-autoload-file', 'doctor', 'the same file, a pool of www-data: an error with the one fix', static function (Sandbox $s): Run {
                self::project($s);

                return new Run(['doctor', '--project='.$s->project, '--ini='.Sandbox::FPM_INI, '--pool='.$s->pool()]);
            }, new Expect([4], '{www-data, the user php-fpm runs requests as, cannot read files of the app(.|\n)*getallheaders\.php(.|\n)*chmod -R a\+rX\s+\S*/getallheaders/src}'), '30.1'),
        ];
    }

    private static function project(Sandbox $s): void
    {
        $s->smallProject();
        $s->write('vendor/composer/autoload_files.php', "<?php\n\$vendorDir = dirname(__DIR__);\nreturn array(\n    '7b11c4dc42b3b3023073cb14e519683c' => \$vendorDir . '/ralouphie/getallheaders/src/getallheaders.php',\n);\n");
        // What the package holds: a function declared only if PHP has none, which no plan preloads by itself.
        $s->write(self::AUTOLOADED, "<?php\nif (!function_exists('getallheaders')) {\n    function getallheaders() { return []; }\n}\n", 0600);
    }

    /** @return list<string> */
    private static function notPreloaded(Sandbox $s, Outcome $o): array
    {
        return str_contains((string) @file_get_contents($s->project.'/preload.php'), 'getallheaders')
            ? ['preload.php preloads getallheaders.php: not the case of a file only requests load']
            : [];
    }

    /** @return list<string> */
    private static function fixWorks(Sandbox $s, Outcome $o): array
    {
        if (1 !== preg_match('{Fix: (.+?) \(or install the code as}', $o->output, $fix)) {
            return ['no fix printed'];
        }
        exec($fix[1].' 2>&1', $out, $code);
        if (0 !== $code) {
            return ['the fix failed: '.implode(' ', $out)];
        }
        $files = [$s->project.'/src/Thing.php', $s->project.'/'.self::AUTOLOADED];
        $read = 'foreach (array_slice($argv, 1) as $f) { if (false === @file_get_contents($f)) { echo "unreadable: $f\n"; } }';
        exec('setpriv --reuid=www-data --regid=www-data --init-groups '.escapeshellarg(\PHP_BINARY).' -r '.escapeshellarg($read).' '.implode(' ', array_map('escapeshellarg', $files)).' 2>&1', $left, $code);

        return 0 === $code && [] === $left ? [] : ['after `'.$fix[1].'`, www-data still cannot read: '.implode(' ', $left)];
    }
}
