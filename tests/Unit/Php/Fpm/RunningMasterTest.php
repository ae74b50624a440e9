<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php\Fpm;

use PHPUnit\Framework\TestCase;
use Preheat\Php\Fpm\FpmConfigError;
use Preheat\Php\Fpm\FpmConfigLocator;
use Preheat\Php\Fpm\RunningMaster;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;
use Preheat\Tests\Support\FakeProcDirectory;
use Preheat\Tests\Support\TemporaryDirectory;

/** A running php-fpm master read back from /proc (a fake one here): by its pid file or its listening socket, never by name. */
final class RunningMasterTest extends TestCase
{
    private FakeProcDirectory $proc;
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->proc = new FakeProcDirectory();
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->proc->remove();
        $this->directory->remove();
    }

    public function testItsTitleNamesItsConfigurationItsArgumentsTheRest(): void
    {
        // php-fpm writes its title over its arguments: only the configuration file is left.
        $this->master(812, "php-fpm: master process (/etc/php-fpm.conf)\0\0\0\0");
        file_put_contents($this->directory->path.'/fpm.pid', "812\n");
        $master = RunningMaster::fromPidFile($this->directory->path.'/fpm.pid', $this->proc->path);
        self::assertSame([812, '/etc/php-fpm.conf', null, null], [$master?->pid, $master?->configFile, $master?->iniPath, $master?->prefix]);
        self::assertSame('pid 812, found by its pid file '.$this->directory->path.'/fpm.pid', $master?->describe());

        // A master whose arguments are still there (-y relative to its working directory, -c, -p, PHP_INI_SCAN_DIR).
        $this->master(813, "/usr/sbin/php-fpm8.2\0--nodaemonize\0-y\0etc/php-fpm.conf\0--php-ini=/srv/php\0-p\0/srv\0", "PATH=/bin\0PHP_INI_SCAN_DIR=/srv/php/conf.d\0", '/srv');
        $master = RunningMaster::at(813, 'test', $this->proc->path);
        self::assertSame(['/srv/etc/php-fpm.conf', '/srv/php', '/srv', '/srv/php/conf.d'], [$master?->configFile, $master?->iniPath, $master?->prefix, $master?->scanDir]);
    }

    public function testAPidFileLeftBehindNamingAnotherProcessIsNoMaster(): void
    {
        $this->proc->write('900/cmdline', "/usr/sbin/nginx\0-g\0daemon off;\0");
        file_put_contents($this->directory->path.'/fpm.pid', '900');

        self::assertNull(RunningMaster::fromPidFile($this->directory->path.'/fpm.pid', $this->proc->path));
        self::assertNull(RunningMaster::fromPidFile($this->directory->path.'/none.pid', $this->proc->path));
    }

    public function testTheOwnerOfTheListeningSocketIsTheHolderWhoseParentIsNot(): void
    {
        $this->proc->write('net/tcp', "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
            ."   0: 0100007F:2328 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4242 1 0 100 0 0 10 0\n");
        $this->master(700, "php-fpm: master process (/usr/local/etc/php-fpm.conf)\0");
        $this->proc->write('700/status', "Name:\tphp-fpm\nPPid:\t1\n");
        $this->proc->write('701/cmdline', "php-fpm: pool www\0");
        $this->proc->write('701/status', "Name:\tphp-fpm\nPPid:\t700\n");
        foreach ([700, 701] as $pid) {
            mkdir($this->proc->path.'/'.$pid.'/fd');
            symlink('socket:[4242]', $this->proc->path.'/'.$pid.'/fd/3');
        }

        $master = RunningMaster::listeningAt('127.0.0.1:9000', $this->proc->path);

        self::assertSame([700, '/usr/local/etc/php-fpm.conf'], [$master?->pid, $master?->configFile]);
        self::assertNull(RunningMaster::listeningAt('127.0.0.1:9001', $this->proc->path));
    }

    public function testTheConfigurationARunningMasterWasStartedWithIsReadInsteadOfTheDefault(): void
    {
        $etc = $this->directory->path.'/etc';
        mkdir($etc.'/php-fpm.d', 0o777, true);
        // The layout's default names a pid file; the master it names runs another configuration.
        file_put_contents($etc.'/php-fpm.conf', "[global]\npid = ".$this->directory->path."/fpm.pid\ninclude=$etc/php-fpm.d/*.conf\n");
        file_put_contents($etc.'/php-fpm.d/www.conf', "[www]\nuser = apache\n");
        file_put_contents($this->directory->path.'/running.conf', "[global]\n[app]\nuser = deploy\n");
        file_put_contents($this->directory->path.'/fpm.pid', '812');
        $this->master(812, 'php-fpm: master process ('.$this->directory->path."/running.conf)\0");

        $locator = new FpmConfigLocator(new NoFpm(), $this->proc->path, $this->directory->path);
        $config = $locator->locate(null, null, '8.4');

        self::assertNotNull($config);
        self::assertSame($this->directory->path.'/running.conf', $config->mainFile);
        self::assertSame('deploy', $config->firstUser()?->value);
        self::assertSame(812, $config->master?->pid);
        self::assertStringContainsString('the running php-fpm master\'s, pid 812, found by its pid file', $config->source);

        // Named, it is read as named; the master running it is still found.
        $named = $locator->locate($etc.'/php-fpm.conf', null, '8.4');
        self::assertSame([$etc.'/php-fpm.conf', 'apache', 812], [$named?->mainFile, $named?->firstUser()?->value, $named?->master?->pid]);
    }

    public function testTheLayoutsPlacesInOrder(): void
    {
        $root = $this->directory->path;
        $locator = new FpmConfigLocator(new NoFpm(), $this->proc->path, $root);
        self::assertNull($locator->locate(null, null, '8.4'));

        $places = [
            '/etc/opt/remi/php84/php-fpm.conf' => 'Remi\'s layout',
            '/etc/php-fpm.conf' => 'the RHEL layout',
            '/usr/local/etc/php-fpm.conf' => 'the official php image\'s layout',
            '/etc/php/8.4/fpm/php-fpm.conf' => 'Debian\'s layout',
        ];
        foreach ($places as $file => $layout) {
            if (!is_dir(\dirname($root.$file))) {
                mkdir(\dirname($root.$file), 0o777, true);
            }
            file_put_contents($root.$file, "[global]\n");
            $found = $locator->locate(null, null, '8.4');
            self::assertSame([$root.$file, $layout], [$found?->mainFile, $found?->source]);
        }
        // Beside the php.ini named comes first (Debian keeps them together).
        mkdir($root.'/srv/fpm/pool.d', 0o777, true);
        file_put_contents($root.'/srv/fpm/pool.d/www.conf', "[www]\nuser = app\n");
        $beside = $locator->locate(null, null, '8.4', $root.'/srv/fpm/php.ini');
        self::assertSame([null, 'app'], [$beside?->mainFile, $beside?->firstUser()?->value]);

        // A configuration found that does not parse: skipped when lenient (generate, verify), bad input otherwise.
        file_put_contents($root.'/srv/fpm/pool.d/www.conf', "[www\nuser = app\n");
        self::assertNull($locator->locate(null, null, '8.4', $root.'/srv/fpm/php.ini', true));
        try {
            $locator->locate(null, null, '8.4', $root.'/srv/fpm/php.ini');
            self::fail('doctor reports it');
        } catch (FpmConfigError $error) {
            self::assertStringContainsString($root.'/srv/fpm/pool.d/www.conf does not parse', $error->getMessage());
        }

        // A php-fpm under /usr/local reads the image's place first.
        $image = $locator->locate(null, '/usr/local/sbin/php-fpm', '8.4');
        self::assertSame($root.'/usr/local/etc/php-fpm.conf', $image?->mainFile);
    }

    private function master(int $pid, string $cmdline, string $environ = '', string $cwd = '/'): void
    {
        $this->proc->write($pid.'/cmdline', $cmdline);
        $this->proc->write($pid.'/environ', $environ);
        symlink($cwd, $this->proc->path.'/'.$pid.'/cwd');
    }
}

/** A machine without php-fpm to ask: every command fails. */
final class NoFpm implements ProcessRunner
{
    public function run(array $command, ?string $workingDirectory = null, float $timeoutSeconds = 300.0, ?array $environment = null): ProcessResult
    {
        return new ProcessResult($command, 127, '', 'not found', 0.0);
    }

    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        throw new \LogicException('nothing starts here');
    }
}
