<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Server\ApacheModPhp\ApacheModPhpLauncher;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\RuntimeError;
use Preheat\Server\StackSettings;
use Preheat\Tests\Support\FakeProcessRunner;
use Preheat\Tests\Support\RecordingObserver;
use Preheat\Tests\Support\TemporaryDirectory;

/** The Apache + mod_php launcher with a fake ProcessRunner: its configuration and php.ini, and what it says when Apache fails. */
final class ApacheModPhpLauncherTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $modules;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $this->modules = $this->directory->path.'/modules';
        mkdir($this->modules);
        mkdir($this->directory->path.'/scenario');
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testAnApacheThatExitsAtOnceDidNotStartAndSaysWhatItPrinted(): void
    {
        touch($this->modules.'/libphp'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION.'.so');
        $runner = new FakeProcessRunner(true, 'AH00526: Syntax error on line 12');
        $observer = new RecordingObserver();
        $launcher = new ApacheModPhpLauncher(new ProcessSupervisor($runner, false, $observer), $this->settings(), '/bin/true', $this->modules);
        $scenario = $this->directory->path.'/scenario';

        try {
            $launcher->start('all', $scenario, '/app/preload.php');
            self::fail('Apache exited: the runtime must not start');
        } catch (RuntimeError $error) {
            self::assertStringContainsString('Apache (mod_php) for scenario all did not start', $error->getMessage());
            self::assertStringContainsString('AH00526: Syntax error on line 12', $error->getMessage());
        }

        self::assertCount(1, $runner->started);
        self::assertSame(['/bin/true', '-f', $scenario.'/apache2.conf', '-DNO_DETACH'], $runner->started[0]->command);
        $config = (string) file_get_contents($scenario.'/apache2.conf');
        self::assertStringNotContainsString('{{', $config);
        self::assertStringContainsString('LoadModule mpm_prefork_module "'.$this->modules.'/mod_mpm_prefork.so"', $config);
        self::assertStringContainsString('LoadModule php_module "'.$this->modules.'/libphp'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION.'.so"', $config);
        self::assertMatchesRegularExpression('/^Listen 127\.0\.0\.1:\d+$/m', $config);
        self::assertStringContainsString("MaxRequestWorkers 3\n", $config);
        self::assertStringContainsString('PHPIniDir "'.$scenario.'"', $config);
        self::assertStringContainsString('PidFile "'.$scenario.'/apache2.pid"', $config);
        self::assertStringContainsString('FallbackResource "/index.php"', $config);
        self::assertStringContainsString('opcache.preload=/app/preload.php', (string) file_get_contents($scenario.'/php.ini'));
        self::assertStringContainsString('opcache.preload=/app/preload.php', (string) file_get_contents($scenario.'/php-last.d/zz-preheat.ini'), 'again after the server\'s .ini directory');
        self::assertSame(['config php.ini', 'config zz-preheat.ini', 'config apache2.conf'], $observer->events, 'each file it reads, for -vvv');
        self::assertSame([$config, null], $observer->configs[$scenario.'/apache2.conf']);
    }

    public function testAMissingModPhpNamesThePackage(): void
    {
        $runner = new FakeProcessRunner();
        $launcher = new ApacheModPhpLauncher(new ProcessSupervisor($runner, false), $this->settings(), '/bin/true', $this->modules);

        $this->expectException(RuntimeError::class);
        $this->expectExceptionMessage('(Debian: apt-get install libapache2-mod-php'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION.')');
        $launcher->start('none', $this->directory->path.'/scenario', null);
    }

    private function settings(): StackSettings
    {
        $php = new PhpInstallation('php', '/bin/true', new PhpSettings(null, 'test'));

        return new StackSettings('/app/public', '/app/public/index.php', 3, '/bin/true', '/bin/true', $php, 5.0);
    }
}
