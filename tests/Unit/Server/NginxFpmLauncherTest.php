<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Server\NginxFpm\NginxFpmLauncher;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\RuntimeError;
use Preheat\Server\StackSettings;
use Preheat\Tests\Support\FakeProcessRunner;
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
