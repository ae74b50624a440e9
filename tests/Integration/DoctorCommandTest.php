<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/** `preheat doctor` as users run it, on a fixture php.ini, pool file and app, with PHP reading that ini. */
final class DoctorCommandTest extends TestCase
{
    private const FIXTURES = __DIR__.'/../Fixtures/doctor';

    public function testFindsEveryProblemOfTheFixtureConfigurationWithTheLinesToChange(): void
    {
        $ini = realpath(self::FIXTURES.'/undersized/php.ini');
        $pool = realpath(self::FIXTURES.'/undersized/pool.d/www.conf');
        [$report, $process] = PreheatProcess::json(['doctor', '--ini='.$ini, '--pool='.$pool, '--project='.self::FIXTURES.'/apps/plain']);

        self::assertSame(4, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame('error', $report['worst']);
        self::assertSame('16', $report['server']['settings']['opcache.memory_consumption'], 'read from inside PHP with the given ini');
        $findings = array_column($report['findings'], null, 'id');
        foreach (['preload-missing', 'interned-strings-undersized', 'opcache-memory-undersized', 'validate-timestamps-on', 'workers-over-ram', 'workers-too-many', 'autoloader-not-optimised'] as $id) {
            self::assertArrayHasKey($id, $findings, implode(', ', array_keys($findings)));
        }
        self::assertSame(['file' => $ini, 'line' => 7, 'setting' => 'opcache.memory_consumption', 'value' => '32', 'current' => 'opcache.memory_consumption=16', 'newLine' => 'opcache.memory_consumption = 32'], $findings['opcache-memory-undersized']['fixes'][0]);
        self::assertSame([$pool, 7], [$findings['workers-over-ram']['fixes'][0]['file'], $findings['workers-over-ram']['fixes'][0]['line']]);
        self::assertSame('opcache sizing', $findings['validate-timestamps-on']['rung']);
        self::assertSame(4, $report['app']['files']);
        self::assertSame('missing', $report['app']['preload']['status']);

        $text = PreheatProcess::run(['doctor', '--ini='.$ini, '--pool='.$pool, '--project='.self::FIXTURES.'/apps/plain', '--measure']);
        self::assertSame(4, $text->getExitCode(), $text->getErrorOutput());
        self::assertStringContainsString('[ERROR] opcache.preload names /nonexistent/preheat-doctor-fixture/preload.php, which is not there', $text->getOutput());
        self::assertStringContainsString($ini.':8: `opcache.interned_strings_buffer = 8` (now `opcache.interned_strings_buffer=4`)', $text->getOutput());
        self::assertStringContainsString('(measured)', $text->getOutput());
    }

    public function testAPreloadIsMeasuredByBootingItAndStaleOnceACompiledFileChanges(): void
    {
        $directory = new TemporaryDirectory('preheat-doctor-');
        try {
            $app = $directory->path.'/app';
            (new Process(['cp', '-a', __DIR__.'/../Fixtures/projects/clean/project', $app]))->mustRun();
            $generated = PreheatProcess::run(['generate', '--project='.$app, '--output='.$app.'/preload.php', '--no-cache']);
            self::assertSame(0, $generated->getExitCode(), $generated->getErrorOutput());
            $root = \function_exists('posix_geteuid') && 0 === posix_geteuid();
            file_put_contents($directory->path.'/php.ini', "opcache.enable=1\nopcache.validate_timestamps=0\nopcache.preload={$app}/preload.php\n".($root ? "opcache.preload_user=root\n" : ''));
            $arguments = ['doctor', '--ini='.$directory->path.'/php.ini', '--pool='.realpath(self::FIXTURES.'/stock/pool.d/www.conf'), '--project='.$app, '--measure'];

            [$fresh, $process] = PreheatProcess::json($arguments);
            self::assertSame('configured', $fresh['app']['preload']['status'], $process->getErrorOutput());
            self::assertTrue($fresh['app']['preload']['measured']);
            self::assertGreaterThan(0, $fresh['app']['preload']['estimatedBytes']);
            self::assertNotContains('preload-stale', array_column($fresh['findings'], 'id'));

            file_put_contents($app.'/src/Controller/HomeController.php', "\n// release 2\n", \FILE_APPEND);
            [$stale, $process] = PreheatProcess::json($arguments);
            self::assertSame(4, $process->getExitCode());
            self::assertSame('stale', $stale['app']['preload']['status']);
            $findings = array_column($stale['findings'], null, 'id');
            self::assertSame('The preload script '.$app.'/preload.php is stale: the code changed since the script was generated', $findings['preload-stale']['title']);

            // A script PHP refuses: php-fpm would not start with it.
            file_put_contents($app.'/preload.php', "<?php\nrequire __DIR__.'/no-such-file.php';\n");
            [$broken, $process] = PreheatProcess::json($arguments);
            self::assertSame(4, $process->getExitCode());
            $findings = array_column($broken['findings'], null, 'id');
            self::assertArrayHasKey('preload-fails-to-boot', $findings, implode(', ', array_keys($findings)));
            self::assertStringContainsString('no-such-file.php', $findings['preload-fails-to-boot']['detail']);
        } finally {
            $directory->remove();
        }
    }

    /**
     * PHP reads an ini up to a syntax error and ignores the rest: doctor says so as an error, with the
     * file, the line and PHP's own message, and never advises adding a setting after the broken line.
     */
    public function testAnIniSyntaxErrorIsAnErrorWithItsLineAndNoAdviceToAppendAfterIt(): void
    {
        $directory = new TemporaryDirectory('preheat-doctor-');
        try {
            $cases = [
                'section' => ["[PHP]\nmemory_limit = 128M\n[broken\n", 3, "expecting ']'"],
                'quote' => ["[PHP]\nopcache.enable = 1\nerror_log = \"/var/log/php.log\nmemory_limit = 256M\n", 5, 'syntax error'],
                'variable' => ["opcache.enable=1\nmemory_limit = \${\nopcache.validate_timestamps=1\n", 2, 'syntax error'],
            ];
            foreach ($cases as $name => [$text, $line, $message]) {
                $ini = $directory->path.'/'.$name.'.ini';
                file_put_contents($ini, $text);
                [$report, $process] = PreheatProcess::json(['doctor', '--ini='.$ini, '--pool='.realpath(self::FIXTURES.'/stock/pool.d/www.conf'), '--project='.self::FIXTURES.'/apps/plain']);
                self::assertSame(4, $process->getExitCode(), $name.': '.$process->getErrorOutput());
                $findings = array_column($report['findings'], null, 'id');
                self::assertArrayHasKey('ini-syntax-error', $findings, $name.': '.implode(', ', array_keys($findings)));
                self::assertSame('error', $findings['ini-syntax-error']['severity']);
                self::assertSame($ini.':'.$line.' has a syntax error: PHP stops reading the file there', $findings['ini-syntax-error']['title'], $name);
                self::assertStringContainsString($message, $findings['ini-syntax-error']['detail'], $name);
                self::assertSame([[$ini, $line]], array_map(static fn (array $e): array => [$e['file'], $e['line']], $report['server']['iniSyntaxErrors']), $name);
                foreach ($report['findings'] as $finding) {
                    foreach ($finding['fixes'] as $fix) {
                        if ($fix['file'] !== $ini) {
                            continue;
                        }
                        self::assertTrue(null !== $fix['line'] && $fix['line'] < $line || str_contains($fix['note'] ?? '', 'add it above that line'), $name.': a fix after the broken line: '.json_encode($fix));
                    }
                }
            }

            $text = PreheatProcess::run(['doctor', '--ini='.$directory->path.'/section.ini', '--pool='.realpath(self::FIXTURES.'/stock/pool.d/www.conf'), '--project='.self::FIXTURES.'/apps/plain']);
            self::assertSame(4, $text->getExitCode());
            self::assertStringStartsWith('[ERROR] '.$directory->path.'/section.ini:3 has a syntax error', explode("\n\n", $text->getOutput(), 2)[1]);
            self::assertStringContainsString("says: syntax error, unexpected end of file, expecting ']' in", $text->getOutput());
        } finally {
            $directory->remove();
        }
    }

    /**
     * An app whose vendor/ came built with it (a system package such as Debian's dokuwiki): no
     * composer.json to edit, so doctor says there is nothing to change instead of naming a file that
     * does not exist.
     */
    public function testAnAppInstalledWithoutComposerIsNotToldToEditAComposerJsonThatDoesNotExist(): void
    {
        $app = realpath(self::FIXTURES.'/apps/packaged');
        self::assertFileDoesNotExist($app.'/composer.json');
        [$report, $process] = PreheatProcess::json(['doctor', '--ini='.realpath(self::FIXTURES.'/stock/php.ini'), '--pool='.realpath(self::FIXTURES.'/stock/pool.d/www.conf'), '--project='.$app]);

        $findings = array_column($report['findings'], null, 'id');
        self::assertArrayHasKey('autoloader-not-optimised', $findings, $process->getErrorOutput());
        self::assertSame('notice', $findings['autoloader-not-optimised']['severity']);
        self::assertSame('Composer\'s autoloader is not optimised, but this app was not installed with Composer: there is no '.$app.'/composer.json', $findings['autoloader-not-optimised']['title']);
        self::assertStringContainsString('nothing to change here', $findings['autoloader-not-optimised']['detail']);
        foreach ($report['findings'] as $finding) {
            foreach ($finding['fixes'] as $fix) {
                self::assertTrue(is_file($fix['file']) || is_dir(\dirname($fix['file'])), 'a fix names a file that is not there: '.json_encode($fix));
            }
        }
    }

    public function testAnAppThatRegistersNamespacesWhileItBootsIsNotAdvisedAnAuthoritativeClassmap(): void
    {
        // Its kernel adds each module's PSR-4 prefix to Composer's loader: an authoritative classmap would never find
        // Modules\Blog\Post.
        $app = realpath(self::FIXTURES.'/apps/module-registry');
        [$report, $process] = PreheatProcess::json(['doctor', '--ini='.realpath(self::FIXTURES.'/stock/php.ini'), '--pool='.realpath(self::FIXTURES.'/stock/pool.d/www.conf'), '--project='.$app]);

        $findings = array_column($report['findings'], null, 'id');
        self::assertArrayHasKey('autoloader-not-optimised', $findings, $process->getErrorOutput());
        $finding = $findings['autoloader-not-optimised'];
        self::assertSame(['config.optimize-autoloader'], array_column($finding['fixes'], 'setting'));
        self::assertStringContainsString('…->classLoader->addPsr4() at '.$app.'/src/Kernel.php:17', $finding['detail']);
    }

    public function testBadInputNamesWhatToDo(): void
    {
        $badPool = PreheatProcess::run(['doctor', '--pool='.self::FIXTURES.'/bad-pool/www.conf', '--project='.self::FIXTURES.'/apps/plain']);
        self::assertSame(2, $badPool->getExitCode());
        self::assertStringContainsString('bad-pool/www.conf does not parse', $badPool->getErrorOutput());

        $noPool = PreheatProcess::run(['doctor', '--pool='.self::FIXTURES.'/none.conf', '--project='.self::FIXTURES.'/apps/plain']);
        self::assertSame(2, $noPool->getExitCode());
        self::assertStringContainsString('cannot read the php-fpm pool file', $noPool->getErrorOutput());

        $noProject = PreheatProcess::run(['doctor', '--project='.self::FIXTURES.'/nothing-here']);
        self::assertSame(2, $noProject->getExitCode());
        self::assertStringContainsString('--project=', $noProject->getErrorOutput());

        // A PHP no php-fpm goes with (its name matches none): the machine lacks php-fpm, unless the ini and pool are given.
        $directory = sys_get_temp_dir().'/preheat-doctor-'.bin2hex(random_bytes(4));
        mkdir($directory);
        symlink(\PHP_BINARY, $directory.'/php-without-fpm');
        try {
            $noFpm = PreheatProcess::run(['doctor', '--php='.$directory.'/php-without-fpm', '--project='.self::FIXTURES.'/apps/plain']);
            self::assertSame(3, $noFpm->getExitCode(), $noFpm->getOutput());
            self::assertStringContainsString('no php-fpm found for '.$directory.'/php-without-fpm: install the php-fpm that matches it', $noFpm->getErrorOutput());
        } finally {
            unlink($directory.'/php-without-fpm');
            rmdir($directory);
        }
    }
}
