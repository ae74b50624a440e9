<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/** Apps laid out as they are on live servers, not as a fresh `composer install` leaves them. */
final class LiveAppCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $generate = static fn (Sandbox $s): Run => new Run(['generate', '--project='.$s->project]);

        return [
            new FaultCase('verify-strict-busy-machine', 'verify', '--strict on a clean script whose boot waits 11 s on the clock (a machine busy with other work) but works as long as ever', static function (Sandbox $s): Run {
                $s->write('lib.php', "<?php\nfinal class Clean {}\n");
                $script = $s->write('preload.php', "<?php\nopcache_compile_file(__DIR__.'/lib.php');\n");
                // Waits (no CPU) where it boots the preload script, then boots it as PHP would.
                $php = $s->write($s->root.'/bin/php', "#!/bin/sh\ncase \"\$*\" in\n  *preheat-preload-*) sleep 11 ;;\nesac\nexec ".escapeshellarg(\PHP_BINARY)." \"\$@\"\n", 0o755);

                return new Run(['verify', $script, '--strict', '--php='.$php, '--ini='.Sandbox::FPM_INI]);
            }, new Expect([0], '{: OK\n.*Start-up   1\d\.\d+ s spent preloading \(\d+ ms of CPU time\)}s', '{WARNING}', unchanged: ['preload.php']), '29.3'),
            new FaultCase('generate-vendor-in-core-folder', 'generate', 'composer.json at the root, Composer\'s vendor/ inside the CMS\'s core folder, required by index.php', static function (Sandbox $s) use ($generate): Run {
                self::cms($s, 'core/vendor', true);
                $s->write('index.php', "<?php\n\$loader = require_once __DIR__.'/core/vendor/autoload.php';\n(new Cms\\Kernel())->handle();\n");

                return $generate($s);
            }, new Expect([0], '{vendor directory is \S+/core/vendor \(the autoloader index\.php requires\)}', creates: GenerateCases::WRITES), '29.8'),
            new FaultCase('generate-dump-autoload-only', 'generate', 'composer.json and an autoloader dumped with `composer dump-autoload` alone: no installed.json', static function (Sandbox $s) use ($generate): Run {
                self::cms($s, 'vendor', false);

                return $generate($s);
            }, new Expect([0], '{without installed\.json}', creates: GenerateCases::WRITES), '29.8'),
        ];
    }

    /** A small CMS: its kernel under core/lib, mapped by the autoloader Composer dumped into $vendor. */
    private static function cms(Sandbox $s, string $vendor, bool $installed): void
    {
        $s->write('composer.json', '{"name": "fault/cms", "require": {"cms/core": "^10"}, "autoload": {"psr-4": {"Cms\\\\": "core/lib/"}}}');
        $s->write('core/lib/Kernel.php', "<?php\nnamespace Cms;\nfinal class Kernel { public function handle(): void { echo 'ok'; } }\n");
        $s->write($vendor.'/autoload.php', "<?php\nreturn require __DIR__.'/composer/autoload_real.php';\n");
        $s->write($vendor.'/composer/autoload_real.php', "<?php\nfinal class ComposerAutoloaderInitFault {}\n");
        $s->write($vendor.'/composer/autoload_psr4.php', "<?php\nreturn ['Cms\\\\' => [dirname(__DIR__, ".(substr_count($vendor, '/') + 2).").'/core/lib']];\n");
        if ($installed) {
            $s->write($vendor.'/composer/installed.json', '{"packages": []}');
        }
    }
}
