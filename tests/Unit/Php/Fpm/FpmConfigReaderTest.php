<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php\Fpm;

use PHPUnit\Framework\TestCase;
use Preheat\Php\Fpm\FpmConfigError;
use Preheat\Php\Fpm\FpmConfigReader;
use Preheat\Tests\Support\TemporaryDirectory;

/** php-fpm's configuration read as php-fpm reads it, in each layout's tree (relocated into a temporary directory). */
final class FpmConfigReaderTest extends TestCase
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

    public function testDebianIncludesPoolDWithEachDirectivesFileAndLine(): void
    {
        $etc = $this->directory->path.'/etc/php/8.2/fpm';
        $this->write($etc.'/php-fpm.conf', "[global]\npid = /run/php/php8.2-fpm.pid\nerror_log = /var/log/php8.2-fpm.log\ninclude=$etc/pool.d/*.conf\n");
        $this->write($etc.'/pool.d/www.conf', "[www]\n; user = nobody\nuser = www-data\ngroup = www-data\nlisten = /run/php/php8.2-fpm.sock\npm.max_children = 5 ; workers\nphp_admin_value[memory_limit] = \"256M\"\n");
        $this->write($etc.'/pool.d/api.conf', "[api]\nuser = api\nlisten = /run/php/\$pool.sock\n");

        $config = (new FpmConfigReader())->read($etc.'/php-fpm.conf', 'named');

        self::assertSame([$etc.'/php-fpm.conf', $etc.'/pool.d/api.conf', $etc.'/pool.d/www.conf'], $config->files, 'include globs in name order');
        self::assertSame(['api', 'www'], array_map(static fn ($p): string => $p->name, $config->pools));
        self::assertSame('/run/php/php8.2-fpm.pid', $config->pidFile);
        $user = $config->firstUser();
        self::assertSame(['api', $etc.'/pool.d/api.conf', 2], [$user?->value, $user?->file, $user?->line]);
        $www = $config->pools[1];
        self::assertSame(['www-data', '5', '256M'], [$www->value('user'), $www->value('pm.max_children'), $www->value('php_admin_value[memory_limit]')]);
        self::assertSame($etc.'/pool.d/www.conf:3', $www->directive('user')?->where(), 'not the commented-out line');
        self::assertSame('/run/php/api.sock', $config->pools[0]->value('listen'), '$pool is the pool\'s name');
    }

    public function testTheOfficialImageIncludesRelativeToItsPrefixAndContinuesAPoolAcrossFiles(): void
    {
        $etc = $this->directory->path.'/usr/local/etc';
        $this->write($etc.'/php-fpm.conf', "[global]\n;pid = run/php-fpm.pid\ninclude=etc/php-fpm.d/*.conf\n");
        $this->write($etc.'/php-fpm.d/docker.conf', "[global]\nerror_log = /proc/self/fd/2\n\n[www]\naccess.log = /proc/self/fd/2\nclear_env = no\n");
        $this->write($etc.'/php-fpm.d/www.conf', "[www]\nuser = www-data\ngroup = www-data\nlisten = 127.0.0.1:9000\npm = dynamic\n");
        $this->write($etc.'/php-fpm.d/zz-docker.conf', "[global]\ndaemonize = no\n\n[www]\nlisten = 9000\n");

        $config = (new FpmConfigReader())->read($etc.'/php-fpm.conf', 'named');

        self::assertSame($this->directory->path.'/usr/local', FpmConfigReader::guessPrefix($etc.'/php-fpm.conf'));
        self::assertCount(1, $config->pools, 'one [www], continued by three files');
        $www = $config->pools[0];
        self::assertSame($etc.'/php-fpm.d/docker.conf', $www->file, 'the first file that opens it');
        self::assertSame('9000', $www->value('listen'), 'zz-docker.conf is read last: its listen wins');
        self::assertSame($etc.'/php-fpm.d/zz-docker.conf:5', $www->directive('listen')?->where());
        self::assertSame($etc.'/php-fpm.d/www.conf:2', $config->firstUser()?->where());
        self::assertNull($config->pidFile, 'the image names no pid file');
        self::assertSame('no', $config->global('daemonize'));
    }

    public function testRhelAndRemiIncludeBeforeTheirGlobalSection(): void
    {
        foreach (['/etc', '/etc/opt/remi/php84'] as $where) {
            $etc = $this->directory->path.$where;
            $this->write($etc.'/php-fpm.conf', "include=$etc/php-fpm.d/*.conf\n\n[global]\npid = /run/php-fpm/php-fpm.pid\n");
            $this->write($etc.'/php-fpm.d/www.conf', "; Start a new pool named 'www'.\n[www]\nuser = apache\ngroup = apache\nlisten = /run/php-fpm/www.sock\n");

            $config = (new FpmConfigReader())->read($etc.'/php-fpm.conf', 'named');

            self::assertSame($etc.'/php-fpm.d/www.conf:3', $config->firstUser()?->where(), $where);
            self::assertSame('/run/php-fpm/php-fpm.pid', $config->pidFile, 'the [global] after the include is global again');
            self::assertSame('apache', $config->pools[0]->value('user'));
        }
    }

    public function testAFileThatDoesNotParseIsNamed(): void
    {
        $this->write($this->directory->path.'/php-fpm.conf', "[global]\ninclude=".$this->directory->path."/pool.d/*.conf\n");
        $this->write($this->directory->path.'/pool.d/bad.conf', "[www\nuser = x\n");

        try {
            (new FpmConfigReader())->read($this->directory->path.'/php-fpm.conf', 'named');
            self::fail('a pool file that does not parse is bad input');
        } catch (FpmConfigError $error) {
            self::assertStringContainsString('php-fpm\'s configuration '.$this->directory->path.'/pool.d/bad.conf does not parse', $error->getMessage());
        }
        $this->expectException(FpmConfigError::class);
        $this->expectExceptionMessage('php-fpm\'s configuration '.$this->directory->path.'/none.conf is not a file');
        (new FpmConfigReader())->read($this->directory->path.'/none.conf', 'named');
    }

    private function write(string $file, string $contents): void
    {
        if (!is_dir(\dirname($file))) {
            mkdir(\dirname($file), 0o777, true);
        }
        file_put_contents($file, $contents);
    }
}
