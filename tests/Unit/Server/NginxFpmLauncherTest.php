<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Process\ObservedProcessRunner;
use Preheat\Server\NginxFpm\NginxFpmLauncher;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\RuntimeError;
use Preheat\Server\StackSettings;
use Preheat\Tests\Support\FakeProcessRunner;
use Preheat\Tests\Support\RecordingObserver;
use Preheat\Tests\Support\TemporaryDirectory;

/** The launcher and the supervisor with a fake ProcessRunner: every program goes through it, none is started. */
final class NginxFpmLauncherTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testAPhpFpmThatExitsAtOnceDidNotStartAndSaysWhatItPrinted(): void
    {
        $runner = new FakeProcessRunner(true, 'ERROR: failed to open configuration file');
        $launcher = new NginxFpmLauncher(new ProcessSupervisor($runner, false), $this->settings());

        try {
            $launcher->start('all', $this->directory->path, '/app/preload.php');
            self::fail('php-fpm exited: the runtime must not start');
        } catch (RuntimeError $error) {
            self::assertStringContainsString('php-fpm for scenario all did not start', $error->getMessage());
            self::assertStringContainsString('failed to open configuration file', $error->getMessage());
        }

        self::assertCount(1, $runner->started, 'nginx is not started after php-fpm failed');
        $command = $runner->started[0]->command;
        self::assertSame(['/bin/true', '--nodaemonize', '--fpm-config', $this->directory->path.'/php-fpm.conf', '--php-ini', $this->directory->path.'/php.ini'], \array_slice($command, 0, 6));
        $fpmConfig = (string) file_get_contents($this->directory->path.'/php-fpm.conf');
        self::assertStringContainsString("pm.max_children = 3\n", $fpmConfig);
        self::assertStringContainsString('listen = "'.$this->directory->path.'/fpm.sock"', $fpmConfig);
        self::assertStringNotContainsString('{{', $fpmConfig);
        self::assertStringContainsString('opcache.preload=/app/preload.php', (string) file_get_contents($this->directory->path.'/php.ini'));
    }

    public function testTheObserverSeesEachConfigurationFileBeforeTheServerThatReadsItStarts(): void
    {
        $observer = new RecordingObserver();
        $fpmIni = $this->directory->path.'/fpm-php.ini';
        file_put_contents($fpmIni, "memory_limit=128M\n");
        $php = new PhpInstallation('php', '/bin/true', new PhpSettings($fpmIni, 'test', iniContents: "memory_limit=128M\n"));
        $settings = new StackSettings('/app/public', '/app/public/index.php', 3, '/bin/true', '/bin/true', $php, 5.0);
        $runner = new ObservedProcessRunner(new FakeProcessRunner(true), $observer);
        $launcher = new NginxFpmLauncher(new ProcessSupervisor($runner, false, $observer), $settings);
        mkdir($this->directory->path.'/all');

        try {
            $launcher->start('all', $this->directory->path.'/all', '/app/preload.php');
            self::fail('php-fpm exited: the runtime must not start');
        } catch (RuntimeError) {
        }

        $directory = $this->directory->path.'/all';
        self::assertSame(
            ['config php.ini', 'config zz-preheat.ini', 'config php-fpm.conf', 'start /bin/true --nodaemonize --fpm-config '.$directory.'/php-fpm.conf --php-ini '.$directory.'/php.ini'],
            [$observer->events[0], $observer->events[1], $observer->events[2], str_replace(' --allow-to-run-as-root', '', $observer->events[3])],
        );
        self::assertStringContainsString("opcache.preload=/app/preload.php\n", (string) file_get_contents($directory.'/php-last.d/zz-preheat.ini'), 'read after the server\'s .ini directory, whose preload it overrides');
        [$added, $copyOf] = $observer->configs[$directory.'/php.ini'];
        self::assertSame($fpmIni, $copyOf, 'the php.ini as a copy of php-fpm\'s and what was added');
        self::assertStringStartsWith("\n; Added by preheat bench\n", $added);
        self::assertStringContainsString('opcache.preload=/app/preload.php', $added);
        self::assertSame("memory_limit=128M\n".$added, file_get_contents($directory.'/php.ini'));
        self::assertSame([file_get_contents($directory.'/php-fpm.conf'), null], $observer->configs[$directory.'/php-fpm.conf']);
        self::assertSame($directory, $observer->commands[0]->workingDirectory);

        // Changed since it was read: the whole file is shown, not a copy of what is there now.
        file_put_contents($fpmIni, "memory_limit=256M\n");
        mkdir($this->directory->path.'/none');
        try {
            $launcher->start('none', $this->directory->path.'/none', null);
        } catch (RuntimeError) {
        }
        [$whole, $copyOf] = $observer->configs[$this->directory->path.'/none/php.ini'];
        self::assertNull($copyOf);
        self::assertStringStartsWith("memory_limit=128M\n\n; Added by preheat bench\n", $whole);
    }

    public function testTheSupervisorStopsEveryProcessItStarted(): void
    {
        $runner = new FakeProcessRunner();
        $supervisor = new ProcessSupervisor($runner, false);
        $first = $supervisor->start(['php-fpm']);
        $supervisor->start(['nginx']);
        $supervisor->stop($first);

        self::assertSame(1, $supervisor->count());
        $supervisor->stopAll();
        self::assertSame(0, $supervisor->count());
        self::assertSame([1, 1], array_map(static fn ($p): int => $p->stops, $runner->started), 'each stopped once, by its handle');
    }

    private function settings(): StackSettings
    {
        $php = new PhpInstallation('php', '/bin/true', new PhpSettings(null, 'test'));

        return new StackSettings('/app/public', '/app/public/index.php', 3, '/bin/true', '/bin/true', $php, 5.0);
    }
}
