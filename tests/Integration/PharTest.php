<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\JitWorkerCommand;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\PharBuild;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/**
 * preheat.phar as built by `make phar`, run as `php preheat.phar ...` from another directory on an app
 * installed with `composer install --no-dev` (no Preheat, no Composer needed by the PHAR) whose
 * symfony/console 5.4 conflicts with Preheat's own (^6.4 || ^7.0): generate, verify, status against a
 * real php-fpm (these with nothing on PATH: no Composer), a short bench on php-fpm, mod_php and the
 * worker runtime (whose program and libraries the PHAR extracts), and the recorder a bootstrap written
 * by the PHAR loads.
 */
#[Group('integration')]
final class PharTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory('preheat-phar-');
    }

    protected function tearDown(): void
    {
        $pidFile = $this->directory->path.'/fpm/fpm.pid';
        if (is_file($pidFile) && ($pid = (int) file_get_contents($pidFile)) > 0) {
            posix_kill($pid, \SIGTERM);
            for ($deadline = microtime(true) + 10; file_exists('/proc/'.$pid) && microtime(true) < $deadline;) {
                usleep(20_000);
            }
        }
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'the servers this test started must be stopped');
    }

    public function testThePharHoldsTheRuntimeDependenciesOnly(): void
    {
        $files = [];
        foreach (new \RecursiveIteratorIterator(new \Phar(PharBuild::path())) as $file) {
            \assert($file instanceof \PharFileInfo);
            $files[] = substr($file->getPathname(), \strlen('phar://'.PharBuild::path().'/'));
        }
        $kept = [
            'bin/preheat',
            'src/Console/Application.php',
            'recorder/preheat-recorder.php',
            'src/Worker/worker.php',
            'vendor/autoload.php',
            'vendor/symfony/console/Application.php',
            'vendor/nikic/php-parser/lib/PhpParser/Parser.php',
            'vendor/react/socket/src/FdServer.php',
        ];
        foreach ($kept as $file) {
            self::assertContains($file, $files);
        }
        $classmap = require 'phar://'.PharBuild::path().'/vendor/composer/autoload_classmap.php';
        self::assertIsArray($classmap);
        foreach ($classmap as $class => $path) {
            self::assertFileExists($path, 'the class map\'s '.$class);
            // The worker runtime's libraries load into the app's process: under Preheat's namespace only.
            self::assertDoesNotMatchRegularExpression('~^(React|Evenement)\\\\~', $class);
        }
        self::assertArrayHasKey('Preheat\\Vendor\\React\\EventLoop\\Loop', $classmap);
        foreach ($files as $file) {
            self::assertDoesNotMatchRegularExpression(
                '~^(tests|bench|demo|doc)/|^vendor/(phpunit|phpstan|friendsofphp|sebastian)/~',
                $file,
                'not needed at runtime',
            );
        }
    }

    /**
     * Installed as a command, without its extension (`install -m 755 preheat.phar /usr/local/bin/preheat`), as
     * Composer's own PHAR is: run by its shebang. It used to die at once ("phar error: invalid url or
     * non-existent phar"): phar:// opens a file without the extension only once it is loaded as a PHAR.
     */
    public function testRunsInstalledAsACommandWithoutItsExtension(): void
    {
        $command = $this->directory->path.'/bin/preheat';
        mkdir(\dirname($command));
        copy(PharBuild::path(), $command);
        chmod($command, 0o755);
        $path = \dirname(\PHP_BINARY).':'.(getenv('PATH') ?: '/usr/bin:/bin');

        $version = new Process([$command, '--version'], $this->directory->path, ['PATH' => $path]);
        $version->run();
        self::assertSame(0, $version->getExitCode(), $version->getOutput().$version->getErrorOutput());
        self::assertStringStartsWith('Preheat ', $version->getOutput());

        file_put_contents($this->directory->path.'/Greeter.php', "<?php\n\nfinal class Greeter\n{\n}\n");
        $explain = new Process([$command, 'explain', 'Greeter', '--path=.'], $this->directory->path, ['PATH' => $path]);
        $explain->run();
        self::assertSame(0, $explain->getExitCode(), $explain->getOutput().$explain->getErrorOutput());
        self::assertStringContainsString('IN  Greeter (Greeter.php) is preloaded.', $explain->getOutput());
    }

    public function testRunsFromAnotherDirectoryOnANoDevAppWhoseSymfonyConsoleConflictsWithOurs(): void
    {
        $composer = (new ExecutableFinder())->find('composer');
        self::assertNotNull($composer, 'Composer is needed to install the fixture app (Debian: composer)');
        $fpm = '/usr/sbin/php-fpm'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION;
        self::assertFileExists($fpm, 'php-fpm of this PHP is needed (Debian: its php8.x-fpm)');
        $phar = PharBuild::path();
        $app = $this->directory->path.'/app';
        (new Process(['cp', '-a', \dirname(__DIR__).'/Fixtures/phar/app', $app]))->mustRun();
        $install = new Process(
            [$composer, 'install', '--no-dev', '--classmap-authoritative', '--no-interaction', '--no-progress'],
            $app,
            ['COMPOSER_NO_INTERACTION' => '1'],
            null,
            300,
        );
        $install->run();
        self::assertSame(0, $install->getExitCode(), $install->getOutput().$install->getErrorOutput());
        // php-fpm preloads as its pool's user: the files must be readable by it, whatever the umask was.
        (new Process(['chmod', '-R', 'a+rX', $app]))->mustRun();
        $console = self::installedVersion($app, 'symfony/console');
        self::assertStringStartsWith('5.4.', $console, 'a symfony/console that Preheat\'s own conflicts with');
        self::assertDirectoryDoesNotExist($app.'/vendor/preheat');
        $elsewhere = $this->directory->path.'/elsewhere';
        mkdir($elsewhere);
        $cache = '--cache-dir='.$this->directory->path.'/cache';
        // A server without Composer (or anything else on PATH): the PHAR needs only the PHP that runs it.
        mkdir($this->directory->path.'/empty-path');
        $bare = ['PATH' => $this->directory->path.'/empty-path'];

        $generate = PharBuild::run(['generate', '--project=../app', $cache], $elsewhere, $bare);
        self::assertSame(0, $generate->getExitCode(), $generate->getOutput().$generate->getErrorOutput());
        self::assertStringContainsString('Wrote '.$app.'/preload.php', $generate->getOutput());
        $script = (string) file_get_contents($app.'/preload.php');
        self::assertStringContainsString("'/src/Greeter.php'", $script);
        self::assertStringContainsString(
            "'/vendor/symfony/console/Command/Command.php'",
            $script,
            'the app\'s console, planned from its own files',
        );

        $verify = PharBuild::run(['verify', '../app/preload.php'], $elsewhere, $bare);
        self::assertSame(0, $verify->getExitCode(), $verify->getOutput().$verify->getErrorOutput());
        self::assertStringContainsString(': OK', $verify->getOutput());
        self::assertStringContainsString('0 fatal, 0 warnings', $verify->getOutput());

        $socket = $this->startFpm($app.'/preload.php');
        $status = PharBuild::run(['status', '../app/preload.php', '--fastcgi='.$socket], $elsewhere, $bare);
        self::assertSame(0, $status->getExitCode(), $status->getOutput().$status->getErrorOutput());
        self::assertStringContainsString('FRESH', $status->getOutput());

        // The recorder a bootstrap written by the PHAR loads: a copy beside it, which the PHP serving the app reads.
        $user = (posix_getpwuid(posix_geteuid()) ?: ['name' => 'root'])['name'];
        $record = PharBuild::run(
            ['record', '--install', '--project=../app', '--sample=1', '--batch=1', '--pool-user='.$user],
            $elsewhere,
        );
        self::assertSame(0, $record->getExitCode(), $record->getOutput().$record->getErrorOutput());
        self::assertStringContainsString(
            var_export($app.'/.preheat/preheat-recorder.lib.php', true),
            (string) file_get_contents($app.'/preheat-recorder.php'),
        );
        $again = PharBuild::run(['generate', '--project=../app', '--output=../after-record.php', $cache], $elsewhere);
        self::assertSame(0, $again->getExitCode(), $again->getOutput().$again->getErrorOutput());
        self::assertStringNotContainsString(
            'recorder',
            (string) file_get_contents($this->directory->path.'/after-record.php'),
            'the recorder is not preloaded with the app',
        );
        $page = new Process(
            [\PHP_BINARY, '-d', 'auto_prepend_file='.$app.'/preheat-recorder.php', $app.'/public/index.php'],
            $elsewhere,
        );
        $page->mustRun();
        self::assertSame(
            "Hello, web! (console v{$console}, 5 commands)\n",
            $page->getOutput(),
            'the app runs its own console',
        );
        $usage = PharBuild::run(['usage', '--store=../app/preheat-usage.log'], $elsewhere, $bare);
        self::assertSame(0, $usage->getExitCode(), $usage->getOutput().$usage->getErrorOutput());
        self::assertStringContainsString('src/Greeter.php', $usage->getOutput());

        foreach (['fpm', 'mod_php', 'worker'] as $runtime) {
            $bench = PharBuild::run([
                'bench', '--project=../app', '--runtime='.$runtime, '--scenario=none', '--scenario=all', '--url=/',
                '--rounds=2', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=2', '--workers=2',
                '--format=json',
            ], $elsewhere);
            self::assertSame(0, $bench->getExitCode(), $runtime.': '.$bench->getOutput().$bench->getErrorOutput());
            $report = json_decode($bench->getOutput(), true);
            self::assertIsArray($report, $runtime);
            self::assertStringNotContainsString('phar://', $bench->getErrorOutput(), 'other processes get real paths');
        }
    }

    /**
     * The worker runtime declares its event loop and socket libraries in the app's process before the app boots:
     * in the PHAR they are Preheat's own (Preheat\Vendor\React\...), so an app on another react/event-loop (0.4,
     * whose API 1.x dropped) gets its own. Built without the prefix, its page failed ("Call to undefined method
     * React\EventLoop\StreamSelectLoop::nextTick()") and so did the bench's check of it.
     */
    public function testTheWorkerRuntimeLeavesTheAppItsOwnReactEventLoop(): void
    {
        $composer = (new ExecutableFinder())->find('composer');
        self::assertNotNull($composer, 'Composer is needed to install the fixture app (Debian: composer)');
        $app = $this->directory->path.'/app';
        (new Process(['cp', '-a', \dirname(__DIR__).'/Fixtures/phar/loop-app', $app]))->mustRun();
        $install = new Process(
            [$composer, 'install', '--no-dev', '--classmap-authoritative', '--no-interaction', '--no-progress'],
            $app,
            ['COMPOSER_NO_INTERACTION' => '1'],
            null,
            300,
        );
        $install->run();
        self::assertSame(0, $install->getExitCode(), $install->getOutput().$install->getErrorOutput());
        (new Process(['chmod', '-R', 'a+rX', $app]))->mustRun();
        self::assertSame('0.4.3', ltrim(self::installedVersion($app, 'react/event-loop'), 'v'));
        $elsewhere = $this->directory->path.'/elsewhere';
        mkdir($elsewhere);

        $bench = PharBuild::run([
            'bench', '--project=../app', '--runtime=worker', '--scenario=none', '--scenario=all',
            '--rounds=2', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=2', '--workers=2',
            '--format=json',
        ], $elsewhere);

        self::assertSame(0, $bench->getExitCode(), $bench->getOutput().$bench->getErrorOutput());
        $report = json_decode($bench->getOutput(), true);
        self::assertIsArray($report);
        self::assertStringNotContainsString('nextTick', $bench->getErrorOutput());
    }

    /**
     * An app large enough that generate parses it in forked workers: run from the PHAR, children that autoloaded
     * from it at once read each other's bytes through the archive's shared handle ("internal corruption of phar
     * (crc32 mismatch)", then "Class PhpParser\... not found"), in about two runs of three before the classes were
     * declared ahead of the fork.
     */
    public function testForkedParseWorkersReadNothingFromThePhar(): void
    {
        $app = $this->directory->path.'/many';
        mkdir($app.'/src', 0o755, true);
        file_put_contents(
            $app.'/composer.json',
            '{"name": "acme/many", "autoload": {"psr-4": {"App\\\\": "src/"}}, "config": {"lock": false}}',
        );
        for ($i = 1; $i <= 400; ++$i) {
            file_put_contents($app."/src/C{$i}.php", "<?php\n\nnamespace App;\n\n"
                ."final class C{$i} extends \\ArrayObject\n{\n"
                ."    public function f(int \$a = 1): ?array\n    {\n"
                ."        return match (\$a) { 1 => [\$a, fn () => \$a + 1], default => null };\n    }\n}\n");
        }
        $composer = (new ExecutableFinder())->find('composer');
        self::assertNotNull($composer, 'Composer is needed to install the fixture app (Debian: composer)');
        (new Process([$composer, 'install', '--no-interaction', '--quiet'], $app, ['COMPOSER_NO_INTERACTION' => '1']))
            ->mustRun();

        for ($run = 1; $run <= 3; ++$run) {
            $generate = PharBuild::run(['generate', '--no-cache', '--no-verify', '--output=../preload.php'], $app);

            self::assertSame(0, $generate->getExitCode(), $generate->getOutput().$generate->getErrorOutput());
            self::assertMatchesRegularExpression('~Read 4\d\d PHP files \(4\d\d parsed~', $generate->getErrorOutput());
            self::assertStringNotContainsString('phar', $generate->getErrorOutput(), 'run '.$run);
            self::assertStringNotContainsString('not found', $generate->getErrorOutput(), 'run '.$run);
        }
    }

    public function testParseWorkersUnderTheJitLoadPreheatFromThePhar(): void
    {
        if (null === JitWorkerCommand::forThisProcess()) {
            self::markTestSkipped('this PHP has no OPcache JIT (or PREHEAT_JIT=0)');
        }
        $app = $this->directory->path.'/large';
        mkdir($app.'/src', 0o755, true);
        for ($i = 1; $i <= 1050; ++$i) {
            file_put_contents($app."/src/C{$i}.php", "<?php\n\nnamespace App;\n\nfinal class C{$i} extends \\ArrayObject\n{\n}\n");
        }

        $generate = PharBuild::run(['generate', '--path=src', '--no-cache', '--no-verify', '--output=../preload.php', '-vv'], $app);

        self::assertSame(0, $generate->getExitCode(), $generate->getOutput().$generate->getErrorOutput());
        self::assertMatchesRegularExpression('~1050 files parsed, 0 from cache, 2 workers under the JIT~', $generate->getErrorOutput());
        self::assertStringContainsString('1050 files', (string) file_get_contents($this->directory->path.'/preload.php'));
    }

    /** Starts php-fpm (a master of this test, on a socket in its directory) preloading $script. */
    private function startFpm(string $script): string
    {
        $directory = $this->directory->path.'/fpm';
        mkdir($directory);
        $root = 0 === posix_geteuid();
        $socket = $directory.'/fpm.sock';
        file_put_contents($directory.'/php-fpm.conf', implode("\n", array_filter([
            '[global]',
            'pid = '.$directory.'/fpm.pid',
            'error_log = '.$directory.'/fpm.log',
            'daemonize = yes',
            '[app]',
            $root ? 'user = root' : null,
            $root ? 'group = root' : null,
            'listen = '.$socket,
            'pm = static',
            'pm.max_children = 1',
        ]))."\n");
        file_put_contents($directory.'/php.ini', implode("\n", array_filter([
            'opcache.enable=1',
            'opcache.preload='.$script,
            $root ? 'opcache.preload_user=root' : null,
        ]))."\n");
        $restart = \dirname(__DIR__).'/Fixtures/deploy/restart-php-fpm.php';
        $start = new Process([\PHP_BINARY, $restart, $directory], null, null, null, 60);
        $start->run();
        self::assertSame(0, $start->getExitCode(), $start->getErrorOutput());

        return $socket;
    }

    private static function installedVersion(string $app, string $package): string
    {
        $installed = json_decode(
            (string) file_get_contents($app.'/vendor/composer/installed.json'),
            true,
            flags: \JSON_THROW_ON_ERROR,
        );
        self::assertIsArray($installed);
        foreach ($installed['packages'] as $entry) {
            if ($package === $entry['name']) {
                return ltrim((string) $entry['version'], 'v');
            }
        }
        self::fail($package.' is not installed');
    }
}
