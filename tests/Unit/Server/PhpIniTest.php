<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpSettings;
use Preheat\Php\UnsafeIniValue;
use Preheat\Server\PhpIni;
use Preheat\Server\ProcessSupervisor;
use Preheat\Tests\Support\FakeProcessRunner;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/** The php.ini a bench scenario runs with: a value from outside (a path) never adds or changes a setting. */
final class PhpIniTest extends TestCase
{
    public function testAHostilePathIsOneValue(): void
    {
        $path = '/tmp/a";memory_limit=7M ${HOME} \\"x\' ; y';
        $ini = PhpIni::render(new PhpSettings(null, 'test', iniContents: "memory_limit=64M\n"), ['opcache.preload' => $path, 'error_log' => '/tmp/e.log']);
        $file = tempnam(sys_get_temp_dir(), 'preheat-phpini-');
        self::assertIsString($file);
        file_put_contents($file, $ini);
        exec(\PHP_BINARY.' -n -c '.escapeshellarg($file).' -r '.escapeshellarg('echo bin2hex(ini_get("opcache.preload") ?: ini_get("error_log")), " ", ini_get("memory_limit");').' 2>&1', $output);
        unlink($file);
        // OPcache may not be loaded with -n: then the preload line is an unknown setting, and error_log shows the file still parsed.
        self::assertContains($output[0] ?? '', [bin2hex($path).' 64M', bin2hex('/tmp/e.log').' 64M'], $ini);
    }

    public function testALineBreakIsRefused(): void
    {
        $this->expectException(UnsafeIniValue::class);
        $this->expectExceptionMessage('Cannot set opcache.preload to');
        PhpIni::render(new PhpSettings(null, 'test'), ['opcache.preload' => "/tmp/x\nopcache.preload=/tmp/evil.php"]);
    }

    public function testWhatPreheatSetsWinsOverTheServersIniDirectory(): void
    {
        $directory = new TemporaryDirectory();
        try {
            // The server's .ini directory sets it too (the official image keeps OPcache's settings, the preload
            // among them, there): PHP reads that directory after php.ini.
            mkdir($directory->path.'/conf.d');
            file_put_contents($directory->path.'/conf.d/99-server.ini', "memory_limit=7M\n");
            mkdir($directory->path.'/scenario');
            $php = new PhpSettings(null, 'test', $directory->path.'/conf.d', iniContents: "memory_limit=64M\n");

            $environment = PhpIni::write(new ProcessSupervisor(new FakeProcessRunner(), false), $directory->path.'/scenario/php.ini', $php, ['memory_limit' => '96M']);
            $read = new Process([\PHP_BINARY, '-c', $directory->path.'/scenario/php.ini', '-r', 'echo ini_get("memory_limit");'], null, $environment);
            $read->mustRun();

            self::assertSame(['PHP_INI_SCAN_DIR' => $directory->path.'/conf.d:'.$directory->path.'/scenario/php-last.d'], $environment);
            self::assertSame('96M', $read->getOutput());
            self::assertSame([':/srv/scenario/php-last.d'], array_values(PhpIni::environment(null, '/srv/scenario/php.ini')), 'PHP\'s own directory first, when none was found');
        } finally {
            $directory->remove();
        }
    }
}
