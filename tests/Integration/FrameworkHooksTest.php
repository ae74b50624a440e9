<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Integration\PreheatCli;
use Preheat\Server\Ports;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\PharBuild;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/**
 * The framework hooks on real apps built with Composer from the package registry, Preheat installed from
 * this checkout as a path repository: a current Laravel app (laravel/laravel, its dev tools left out) with
 * `php artisan preheat:generate|status` found by package discovery and the Composer `scripts` hook of
 * doc/frameworks.md; the Symfony corpus app (bench/corpus/apps/symfony) with PreheatBundle in
 * config/bundles.php and `bin/console preheat:generate|status`. Each writes and verifies the script, and
 * status asks a php-fpm started here (loopback port, stopped by PID) whether it preloaded it.
 */
#[Group('integration')]
final class FrameworkHooksTest extends TestCase
{
    /** The Laravel app, built once for the tests of this class: Composer takes most of their time. */
    private static ?TemporaryDirectory $laravel = null;
    private TemporaryDirectory $directory;
    private ?Process $fpm = null;
    private string $composer;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        // php-fpm's pool user (www-data) reads the app to preload it: generate checks that.
        chmod($this->directory->path, 0o755);
        $composer = (new ExecutableFinder())->find('composer');
        self::assertNotNull($composer, 'Composer is needed (Debian: composer)');
        $this->composer = $composer;
    }

    protected function tearDown(): void
    {
        if (null !== $this->fpm && $this->fpm->isRunning()) {
            $this->fpm->stop(10);
        }
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'the php-fpm this test started must be stopped');
    }

    public static function tearDownAfterClass(): void
    {
        self::$laravel?->remove();
        self::$laravel = null;
    }

    public function testArtisanCommandsOnALaravelApp(): void
    {
        $app = $this->laravelApp();
        $list = $this->php(['artisan', 'list', 'preheat'], $app);
        self::assertStringContainsString('preheat:generate', $list->getOutput());
        self::assertStringContainsString('preheat:status', $list->getOutput());

        $generate = $this->php(['artisan', 'preheat:generate', '--cache-dir='.$this->directory->path.'/cache'], $app);
        self::assertSame(0, $generate->getExitCode(), $generate->getOutput().$generate->getErrorOutput());
        self::assertVerifiedAndWritten($app, $generate);

        $wrong = $this->php(['artisan', 'preheat:generate', '--strategy=nonsense'], $app);
        self::assertSame(2, $wrong->getExitCode(), 'Preheat\'s exit code, passed on');
        self::assertStringContainsString('preheat generate: --strategy=nonsense', $wrong->getErrorOutput());

        $port = $this->startFpm($app.'/preload.php');
        // --env is artisan's: the command keeps it to itself.
        $status = $this->php(
            ['artisan', 'preheat:status', '--env=production', '--fastcgi=127.0.0.1:'.$port, '--format=json'],
            $app,
        );
        self::assertSame(0, $status->getExitCode(), $status->getOutput().$status->getErrorOutput());
        self::assertTrue(self::json($status->getOutput())['fresh']);

        // Called from the app's code, the command runs too; and no Preheat class but the hook's own loads.
        file_put_contents($app.'/call.php', <<<'PHP'
            <?php
            require __DIR__.'/vendor/autoload.php';
            $app = require __DIR__.'/bootstrap/app.php';
            $kernel = $app->make(Illuminate\Contracts\Console\Kernel::class);
            $code = $kernel->call('preheat:status', ['--fastcgi' => $argv[1], '--format' => 'json']);
            echo "\n--- call.php\n", json_encode(['code' => $code, 'classes' => array_values(array_filter(
                get_declared_classes(),
                static fn (string $class): bool => str_starts_with($class, 'Preheat\\'),
            ))]);
            PHP);
        $call = $this->php(['call.php', '127.0.0.1:'.$port], $app);
        self::assertSame(0, $call->getExitCode(), $call->getOutput().$call->getErrorOutput());
        $called = self::json(substr($call->getOutput(), (int) strrpos($call->getOutput(), "--- call.php\n") + 13));
        self::assertSame(0, $called['code']);
        $classes = $called['classes'];
        self::assertIsArray($classes);
        sort($classes);
        self::assertSame([
            'Preheat\Integration\Laravel\PreheatServiceProvider',
            'Preheat\Integration\PreheatCli',
            'Preheat\Integration\PreheatCommand',
        ], $classes);
    }

    public function testTheComposerHookAndTheRecorderBootstrapWhenNoDevRemovesPreheat(): void
    {
        $app = $this->laravelApp();
        // The recorder installed from the package, then `composer install --no-dev` removes Preheat: the
        // documented hook skips generate and says why, and the bootstrap says once that it records nothing.
        $user = (posix_getpwuid(posix_geteuid()) ?: ['name' => 'root'])['name'];
        $record = $this->php(['vendor/bin/preheat', 'record', '--install', '--sample=1', '--pool-user='.$user], $app);
        self::assertSame(0, $record->getExitCode(), $record->getOutput().$record->getErrorOutput());
        $script = @file_get_contents($app.'/preload.php');
        $noDev = $this->composer(['install', '--no-dev'], $app);
        self::assertStringContainsString(
            'Preheat is not installed (composer install --no-dev?): the preload script was not generated again.',
            $noDev->getErrorOutput(),
        );
        self::assertDirectoryDoesNotExist($app.'/vendor/preheat');
        self::assertSame($script, @file_get_contents($app.'/preload.php'), 'left as it was');
        mkdir($this->directory->path.'/tmp');
        foreach ([1, 2] as $request) {
            $page = new Process([
                \PHP_BINARY, '-d', 'log_errors=1', '-d', 'error_log='.$this->directory->path.'/error.log',
                '-d', 'sys_temp_dir='.$this->directory->path.'/tmp',
                '-d', 'auto_prepend_file='.$app.'/preheat-recorder.php',
                $app.'/artisan', '--version',
            ], $app);
            $page->run();
            self::assertSame(0, $page->getExitCode(), $page->getErrorOutput());
            self::assertStringStartsWith('Laravel Framework', $page->getOutput());
        }
        $log = (string) file_get_contents($this->directory->path.'/error.log');
        self::assertSame(1, substr_count($log, 'records nothing'), $log);

        // With the dev dependencies the same hook runs generate.
        $dev = $this->composer(['install'], $app);
        self::assertStringContainsString('Wrote '.$app.'/preload.php', $dev->getOutput().$dev->getErrorOutput());
    }

    public function testConsoleCommandsOnTheSymfonyCorpusApp(): void
    {
        $app = $this->directory->path.'/symfony';
        $this->copyTree(\dirname(__DIR__, 2).'/bench/corpus/apps/symfony/app', $app);
        $manifest = $this->manifest($app);
        $manifest->repositories = [self::pathRepository()];
        $this->writeManifest($app, $manifest);
        $this->composer(['require', 'preheat/preheat:^1.0'], $app);
        $bundles = (string) file_get_contents($app.'/config/bundles.php');
        file_put_contents($app.'/config/bundles.php', str_replace(
            "\n];",
            "\n    Preheat\\Integration\\Symfony\\PreheatBundle::class => ['all' => true],\n];",
            $bundles,
        ));
        $this->readableByThePool($app);

        $list = $this->php(['bin/console', 'list', 'preheat'], $app);
        self::assertSame(0, $list->getExitCode(), $list->getOutput().$list->getErrorOutput());
        self::assertStringContainsString('preheat:generate', $list->getOutput());
        self::assertStringContainsString('preheat:status', $list->getOutput());

        // -e / --env are bin/console's own: kept from Preheat.
        $generate = $this->php(
            ['bin/console', '-e', 'prod', 'preheat:generate', '--cache-dir='.$this->directory->path.'/cache'],
            $app,
        );
        self::assertSame(0, $generate->getExitCode(), $generate->getOutput().$generate->getErrorOutput());
        self::assertVerifiedAndWritten($app, $generate);

        $unreachable = $this->php(
            ['bin/console', 'preheat:status', '--fastcgi=127.0.0.1:'.Ports::free(), '--wait=1'],
            $app,
        );
        self::assertSame(3, $unreachable->getExitCode(), 'Preheat\'s exit code, passed on');
        self::assertStringContainsString('cannot reach php-fpm at 127.0.0.1:', $unreachable->getErrorOutput());

        $port = $this->startFpm($app.'/preload.php');
        $status = $this->php(
            ['bin/console', 'preheat:status', '--env=prod', '--fastcgi=127.0.0.1:'.$port, '--format=json'],
            $app,
        );
        self::assertSame(0, $status->getExitCode(), $status->getOutput().$status->getErrorOutput());
        $answer = self::json($status->getOutput());
        self::assertTrue($answer['fresh']);
        self::assertGreaterThan(100, $answer['preloadedClasses']);

        // PREHEAT_BINARY runs a preheat.phar instead of the installed package.
        $phar = $this->php(
            ['bin/console', 'preheat:status', '--fastcgi=127.0.0.1:'.$port, '--format=json', '-vvv'],
            $app,
            [PreheatCli::BINARY_VARIABLE => PharBuild::path()],
        );
        self::assertSame(0, $phar->getExitCode(), $phar->getOutput().$phar->getErrorOutput());
        self::assertSame($answer, self::json($phar->getOutput()));
        $missing = $this->php(['bin/console', 'preheat:status'], $app, [PreheatCli::BINARY_VARIABLE => 'preheat.phar']);
        self::assertSame(2, $missing->getExitCode());
        self::assertStringContainsString(
            "Preheat's CLI ".$app.'/preheat.phar does not exist: set PREHEAT_BINARY',
            $missing->getErrorOutput(),
        );
    }

    /**
     * A current Laravel app from the registry, Preheat a dev dependency with the documented Composer hook.
     * Its dev tools (pint, sail, …) may need a newer PHP than the app: they are left out, the app is what is
     * tested.
     */
    private function laravelApp(): string
    {
        if (null !== self::$laravel) {
            return self::$laravel->path.'/laravel';
        }
        self::$laravel = new TemporaryDirectory();
        // php-fpm's pool user (www-data) reads the app to preload it: generate checks that.
        chmod(self::$laravel->path, 0o755);
        $app = self::$laravel->path.'/laravel';
        $this->composer(
            ['create-project', '--no-install', '--no-scripts', 'laravel/laravel', $app],
            self::$laravel->path,
        );
        $manifest = $this->manifest($app);
        unset($manifest->{'require-dev'});
        $manifest->{'require-dev'} = (object) ['preheat/preheat' => '^1.0'];
        $manifest->repositories = [self::pathRepository()];
        $manifest->scripts->{'post-install-cmd'} = self::documentedHook();
        // A deploy installs from the lock file (without one, `install` updates and fires post-update-cmd).
        $manifest->config->lock = true;
        $this->writeManifest($app, $manifest);
        copy($app.'/.env.example', $app.'/.env');
        $this->composer(['update'], $app);
        $this->readableByThePool($app);

        return $app;
    }

    private static function assertVerifiedAndWritten(string $app, Process $generate): void
    {
        self::assertMatchesRegularExpression(
            '~^Verify '.preg_quote($app, '~').'/preload\.php with PHP \S+: OK$~m',
            $generate->getOutput(),
        );
        self::assertStringContainsString('Wrote '.$app.'/preload.php', $generate->getOutput());
    }

    /** The `scripts` entry doc/frameworks.md gives, as a user copies it. */
    private static function documentedHook(): mixed
    {
        $doc = (string) file_get_contents(\dirname(__DIR__, 2).'/doc/frameworks.md');
        $found = preg_match('~```json\n(\{\n    "scripts": \{\n        "post-install-cmd".*?)```~s', $doc, $block);
        self::assertSame(1, $found, 'doc/frameworks.md shows the hook');
        $scripts = json_decode($block[1], true, 512, \JSON_THROW_ON_ERROR);
        self::assertIsArray($scripts);
        self::assertIsArray($scripts['scripts'] ?? null);

        return $scripts['scripts']['post-install-cmd'] ?? null;
    }

    private static function pathRepository(): object
    {
        // A path repository gives its package the version of the checkout's branch; pin one, as a release would have.
        return (object) [
            'type' => 'path',
            'url' => \dirname(__DIR__, 2),
            'options' => ['symlink' => false, 'versions' => ['preheat/preheat' => '1.0.0']],
        ];
    }

    /** @param list<string> $arguments */
    private function composer(array $arguments, string $directory): Process
    {
        $process = new Process(
            [$this->composer, ...$arguments, '--no-interaction', '--no-progress'],
            $directory,
            ['COMPOSER_NO_INTERACTION' => '1'],
            null,
            300,
        );
        $process->run();
        self::assertSame(0, $process->getExitCode(), $process->getOutput().$process->getErrorOutput());

        return $process;
    }

    /**
     * @param list<string>          $arguments
     * @param array<string, string> $environment
     */
    private function php(array $arguments, string $directory, array $environment = []): Process
    {
        $process = new Process([\PHP_BINARY, ...$arguments], $directory, $environment, null, 180);
        $process->run();

        return $process;
    }

    private function manifest(string $app): \stdClass
    {
        $manifest = json_decode((string) file_get_contents($app.'/composer.json'), false, 512, \JSON_THROW_ON_ERROR);
        self::assertInstanceOf(\stdClass::class, $manifest);

        return $manifest;
    }

    private function writeManifest(string $app, \stdClass $manifest): void
    {
        $json = json_encode($manifest, \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES | \JSON_THROW_ON_ERROR);
        file_put_contents($app.'/composer.json', $json);
    }

    /** @return array<string, mixed> */
    private static function json(string $text): array
    {
        $decoded = json_decode($text, true, 512, \JSON_THROW_ON_ERROR);
        self::assertIsArray($decoded);

        /** @var array<string, mixed> */
        return $decoded;
    }

    /** Some of the registry's archives unpack files readable only by their owner. */
    private function readableByThePool(string $app): void
    {
        $chmod = new Process(['chmod', '-R', 'a+rX', $app]);
        $chmod->run();
        self::assertSame(0, $chmod->getExitCode(), $chmod->getErrorOutput());
    }

    private function copyTree(string $from, string $to): void
    {
        mkdir($to, 0o755, true);
        $items = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator($from, \FilesystemIterator::SKIP_DOTS),
            \RecursiveIteratorIterator::SELF_FIRST,
        );
        foreach ($items as $item) {
            \assert($item instanceof \SplFileInfo);
            $target = $to.'/'.substr($item->getPathname(), \strlen($from) + 1);
            $item->isDir() ? mkdir($target, 0o755, true) : copy($item->getPathname(), $target);
        }
    }

    private function startFpm(string $script): int
    {
        $version = \PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION;
        $fpm = (new ExecutableFinder())->find('php-fpm'.$version, null, ['/usr/sbin', '/usr/local/sbin']);
        self::assertNotNull($fpm, 'php-fpm of this PHP is needed (Debian: php'.$version.'-fpm)');
        $root = \function_exists('posix_geteuid') && 0 === posix_geteuid();
        $port = Ports::free();
        $directory = $this->directory->path;
        file_put_contents($directory.'/php-fpm.conf', implode("\n", array_filter([
            '[global]',
            'pid = '.$directory.'/fpm.pid',
            'error_log = '.$directory.'/fpm.log',
            'daemonize = no',
            '[status]',
            $root ? 'user = root' : null,
            $root ? 'group = root' : null,
            'listen = 127.0.0.1:'.$port,
            'pm = static',
            'pm.max_children = 1',
        ]))."\n");
        file_put_contents($directory.'/php.ini', implode("\n", array_filter([
            'opcache.enable=1',
            'opcache.interned_strings_buffer=32',
            'opcache.preload='.$script,
            $root ? 'opcache.preload_user=root' : null,
        ]))."\n");
        $this->fpm = new Process(array_values(array_filter([
            $fpm,
            '--nodaemonize',
            '--fpm-config', $directory.'/php-fpm.conf',
            '--php-ini', $directory.'/php.ini',
            $root ? '--allow-to-run-as-root' : null,
        ])));
        $this->fpm->start();
        $deadline = microtime(true) + 60;
        while (!Ports::accepts('tcp://127.0.0.1:'.$port)) {
            if (!$this->fpm->isRunning() || microtime(true) > $deadline) {
                self::fail('php-fpm did not start: '.$this->fpm->getErrorOutput()
                    .@file_get_contents($directory.'/fpm.log'));
            }
            usleep(20_000);
        }

        return $port;
    }
}
