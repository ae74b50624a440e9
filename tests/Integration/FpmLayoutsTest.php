<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Server\Ports;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Util\Cpu;
use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/**
 * The three server layouts users run, each relocated into a temporary tree built from the installed php-fpm
 * (-y its main config, -c its ini, a scan dir by PHP_INI_SCAN_DIR) and served by a real php-fpm started from
 * it on a loopback port: doctor and verify find the pool's user, the ini and the scan dir, and doctor's advice
 * names the file and line of that layout (in a scan-dir layout, a new file there).
 */
final class FpmLayoutsTest extends TestCase
{
    private TemporaryDirectory $directory;
    private ?Process $fpm = null;
    private int $port = 0;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        (new Process(['cp', '-a', __DIR__.'/../Fixtures/bench/app', $this->directory->path.'/app']))->mustRun();
    }

    protected function tearDown(): void
    {
        if (null !== $this->fpm && $this->fpm->isRunning()) {
            $this->fpm->stop(10);
        }
        $this->fpm = null;
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'the php-fpm this test started must be stopped');
    }

    /** @return iterable<string, array{string}> */
    public static function layouts(): iterable
    {
        yield 'Debian' => ['debian'];
        yield 'the official php image' => ['image'];
        yield 'RHEL' => ['rhel'];
    }

    #[DataProvider('layouts')]
    public function testDoctorAndVerifyFindTheLayoutsUserIniAndScanDir(string $layout): void
    {
        $fpm = (new ExecutableFinder())->find('php-fpm'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION, null, ['/usr/sbin']);
        if (null === $fpm || !\function_exists('posix_geteuid') || 0 !== posix_geteuid()) {
            self::markTestSkipped('needs php-fpm matching this PHP, and root to start it with a pool user');
        }
        $this->port = Ports::free();
        $tree = $this->{$layout}();
        $this->start($fpm, $tree);
        $app = $this->directory->path.'/app';
        $root = $this->directory->path;

        $doctor = $this->preheat(['doctor', '--project='.$app, '--fpm-config='.$tree['config'], '--ini='.$tree['ini']], $tree);
        $text = $doctor->getOutput();
        self::assertContains($doctor->getExitCode(), [0, 1], $text.$doctor->getErrorOutput());
        $master = (int) $this->fpm?->getPid();
        self::assertStringContainsString('  php-fpm   '.$tree['config'].' (named; running: pid '.$master.')', $text);
        self::assertStringContainsString(
            '  php.ini   '.($tree['iniFile'] ?? '(none)').' + '.$tree['scanDir'].'/*.ini',
            $text,
        );
        self::assertStringContainsString(
            'www ('.$tree['pool'].': pm = static, pm.max_children = '.($tree['maxChildren'] ?? '2').', listen = 127.0.0.1:'.$this->port.')',
            $text,
            'the pool as php-fpm reads it, its listen from the file that sets it last',
        );
        self::assertStringContainsString('fix: '.$tree['preloadFix'], $text);
        if (isset($tree['otherFix']) && (!isset($tree['maxChildren']) || Cpu::cores() > (int) $tree['maxChildren'])) {
            self::assertStringContainsString('fix: '.$tree['otherFix'], $text);
        }
        self::assertStringContainsString(
            '`opcache.preload_user = '.$tree['user'].'`',
            $text,
            'the pool\'s user, from the layout\'s pool file',
        );

        $json = json_decode($this->preheat(['doctor', '--project='.$app, '--fpm-config='.$tree['config'], '--ini='.$tree['ini'], '--format=json'], $tree)->getOutput(), true);
        self::assertIsArray($json);
        self::assertSame($tree['config'], $json['server']['fpmConfig']['file'] ?? null);
        self::assertSame($master, $json['server']['fpmConfig']['masterPid'] ?? null);
        self::assertSame([$tree['user'], '127.0.0.1:'.$this->port], [$json['server']['pools'][0]['user'] ?? null, $json['server']['pools'][0]['listen'] ?? null]);

        $generate = $this->preheat(['generate', '--project='.$app, '--strategy=paths', '--no-cache', '--no-verify', '--output='.$app.'/preload.php'], $tree);
        self::assertSame(0, $generate->getExitCode(), $generate->getErrorOutput());
        $verify = $this->preheat(['verify', $app.'/preload.php', '--fpm-config='.$tree['config'], '--ini='.$tree['ini'], '--format=json'], $tree);
        $report = json_decode($verify->getOutput(), true);
        self::assertIsArray($report, $verify->getOutput().$verify->getErrorOutput());
        $json = (string) json_encode($report);
        self::assertStringContainsString('"scanDir":'.json_encode($tree['scanDir']), $json);
        self::assertStringContainsString('"file":'.json_encode($tree['iniFile']), $json);
        if (null === $tree['iniFile']) {
            self::assertStringContainsString(' -c '.$tree['ini'].' ', (string) ($report['command'] ?? ''), 'no php.ini: PHP reads the ini set php-fpm reads');
        }

        $text = $this->preheat(['verify', $app.'/preload.php', '--fpm-config='.$tree['config'], '--ini='.$tree['ini']], $tree)->getOutput();
        self::assertStringContainsString('User       preloaded as '.$tree['user'].' ('.$tree['userSource'].')', $text);
        self::assertStringNotContainsString($root.'/nowhere', $text);
    }

    public function testAnFpmConfigThatIsNotAFileIsBadInputNamingTheOption(): void
    {
        $process = $this->preheat(['doctor', '--project='.$this->directory->path.'/app', '--fpm-config='.$this->directory->path.'/none.conf'], []);

        self::assertSame(2, $process->getExitCode(), $process->getOutput());
        self::assertStringContainsString(
            '--fpm-config='.$this->directory->path.'/none.conf is not a readable file: give php-fpm\'s main configuration',
            $process->getErrorOutput(),
        );
    }

    /** @return array<string, string|null> */
    private function debian(): array
    {
        $etc = $this->directory->path.'/etc/php/'.self::version().'/fpm';
        $this->write($etc.'/php-fpm.conf', "[global]\npid = ".$this->directory->path."/run/php-fpm.pid\nerror_log = ".$this->directory->path."/fpm.log\ninclude=".$etc."/pool.d/*.conf\n");
        $this->write($etc.'/pool.d/www.conf', "[www]\nuser = www-data\ngroup = www-data\nlisten = 127.0.0.1:".$this->port."\npm = static\npm.max_children = 2\n");
        copy('/etc/php/'.self::version().'/fpm/php.ini', $etc.'/php.ini');
        $this->write($etc.'/conf.d/10-opcache.ini', "; priority=10\nzend_extension=opcache.so\n");
        mkdir($this->directory->path.'/run');
        $line = self::lineOf($etc.'/php.ini', ';opcache.preload=');

        return [
            'config' => $etc.'/php-fpm.conf',
            'ini' => $etc.'/php.ini',
            'iniFile' => $etc.'/php.ini',
            'scanDir' => $etc.'/conf.d',
            'pool' => $etc.'/pool.d/www.conf',
            'user' => 'www-data',
            'userSource' => $etc.'/pool.d/www.conf:2',
            'preloadFix' => $etc.'/php.ini:'.$line.': `opcache.preload = '.$this->directory->path.'/app/preload.php` (now `;opcache.preload=`)',
            'environment' => null,
        ];
    }

    /**
     * The official php:*-fpm image: pools in php-fpm.d continued by docker.conf and zz-docker.conf, no php.ini.
     *
     * @return array<string, string|null>
     */
    private function image(): array
    {
        $prefix = $this->directory->path.'/usr/local';
        $etc = $prefix.'/etc';
        // As the image ships it: a relative include (to the prefix), and no pid file.
        $this->write($etc.'/php-fpm.conf', "[global]\n;pid = run/php-fpm.pid\nerror_log = ".$this->directory->path."/fpm.log\ninclude=etc/php-fpm.d/*.conf\n");
        $this->write($etc.'/php-fpm.d/www.conf', "[www]\nuser = www-data\ngroup = www-data\nlisten = 127.0.0.1:9000\npm = static\npm.max_children = 1\n");
        $this->write($etc.'/php-fpm.d/docker.conf', "[global]\nerror_log = ".$this->directory->path."/fpm.log\n\n[www]\nclear_env = no\ncatch_workers_output = yes\n");
        $this->write($etc.'/php-fpm.d/zz-docker.conf', "[global]\ndaemonize = no\n\n[www]\nlisten = 127.0.0.1:".$this->port."\n");
        $this->write($etc.'/php/php.ini-production', (string) file_get_contents('/etc/php/'.self::version().'/fpm/php.ini'));
        $this->write($etc.'/php/conf.d/docker-php-ext-opcache.ini', "zend_extension=opcache\n");

        return [
            'config' => $etc.'/php-fpm.conf',
            'ini' => $etc.'/php',
            'iniFile' => null,
            'scanDir' => $etc.'/php/conf.d',
            // Included in name order: docker.conf opens [www], www.conf and zz-docker.conf continue it.
            'pool' => $etc.'/php-fpm.d/docker.conf',
            'user' => 'www-data',
            'userSource' => $etc.'/php-fpm.d/www.conf:2',
            'preloadFix' => $etc.'/php/conf.d/zz-preheat.ini: add `opcache.preload = '.$this->directory->path.'/app/preload.php` (a new file: PHP reads the scanned directory\'s *.ini in name order, this one last)',
            'prefix' => $prefix,
            'maxChildren' => '1',
            // The pool opens in docker.conf; its pm.max_children is written in www.conf, and changed there.
            'otherFix' => $etc.'/php-fpm.d/www.conf:6: `pm.max_children = '.(Cpu::cores() * 2).'` (now `pm.max_children = 1`)',
            'environment' => null,
        ];
    }

    /**
     * RHEL (and Remi's, under /etc/opt/remi/phpXY): /etc/php-fpm.conf, /etc/php-fpm.d, /etc/php.ini, /etc/php.d.
     *
     * @return array<string, string|null>
     */
    private function rhel(): array
    {
        $etc = $this->directory->path.'/etc';
        $this->write($etc.'/php-fpm.conf', 'include='.$etc."/php-fpm.d/*.conf\n\n[global]\npid = ".$this->directory->path."/run/php-fpm/php-fpm.pid\nerror_log = ".$this->directory->path."/fpm.log\ndaemonize = yes\n");
        $this->write($etc.'/php-fpm.d/www.conf', "; Start a new pool named 'www'.\n[www]\nuser = nobody\ngroup = nogroup\nlisten = 127.0.0.1:".$this->port."\npm = static\npm.max_children = 2\n");
        $this->write($etc.'/php.ini', "[PHP]\nmemory_limit = 128M\n");
        $this->write($etc.'/php.d/10-opcache.ini', "zend_extension=opcache\nopcache.enable=1\nopcache.memory_consumption=128\nopcache.validate_timestamps=1\n;opcache.preload=\n");
        mkdir($this->directory->path.'/run/php-fpm', 0o755, true);

        return [
            'config' => $etc.'/php-fpm.conf',
            'ini' => $etc.'/php.ini',
            'iniFile' => $etc.'/php.ini',
            'scanDir' => $etc.'/php.d',
            'pool' => $etc.'/php-fpm.d/www.conf',
            'user' => 'nobody',
            'userSource' => $etc.'/php-fpm.d/www.conf:3',
            'preloadFix' => $etc.'/php.d/zz-preheat.ini: add `opcache.preload = '.$this->directory->path.'/app/preload.php` (a new file: PHP reads the scanned directory\'s *.ini in name order, this one last)',
            // Set by the package's file: overridden by a file of Preheat's own, not edited.
            'otherFix' => $etc.'/php.d/zz-preheat.ini: add `opcache.validate_timestamps = 0` (a file of its own, read after '.$etc.'/php.d/10-opcache.ini:4 `opcache.validate_timestamps=1`, which it overrides)',
            'environment' => null,
        ];
    }

    /** @param array<string, string|null> $tree */
    private function start(string $fpm, array $tree): void
    {
        $command = [$fpm, '--nodaemonize', '-y', (string) $tree['config'], '-c', (string) $tree['ini']];
        if (isset($tree['prefix'])) {
            array_push($command, '-p', $tree['prefix']);
        }
        $this->fpm = new Process($command, null, ['PHP_INI_SCAN_DIR' => (string) $tree['scanDir']]);
        $this->fpm->start();
        $deadline = microtime(true) + 30;
        while (!Ports::accepts('tcp://127.0.0.1:'.$this->port)) {
            if (!$this->fpm->isRunning() || microtime(true) > $deadline) {
                self::fail('php-fpm did not start: '.$this->fpm->getErrorOutput().@file_get_contents($this->directory->path.'/fpm.log'));
            }
            usleep(20_000);
        }
    }

    /**
     * @param list<string>               $arguments
     * @param array<string, string|null> $tree
     */
    private function preheat(array $arguments, array $tree): Process
    {
        $environment = null === ($tree['environment'] ?? null) ? [] : ['PHP_INI_SCAN_DIR' => $tree['environment']];
        $process = new Process([\PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', ...$arguments], null, $environment, null, 120);
        $process->run();

        return $process;
    }

    private function write(string $file, string $contents): void
    {
        if (!is_dir(\dirname($file))) {
            mkdir(\dirname($file), 0o755, true);
        }
        file_put_contents($file, $contents);
    }

    private static function version(): string
    {
        return \PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION;
    }

    private static function lineOf(string $file, string $text): int
    {
        foreach (file($file, \FILE_IGNORE_NEW_LINES) ?: [] as $i => $line) {
            if (str_starts_with(trim($line), $text)) {
                return $i + 1;
            }
        }
        self::fail($text.' not in '.$file);
    }
}
