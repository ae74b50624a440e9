<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Doctor;

use PHPUnit\Framework\TestCase;
use Preheat\Doctor\DoctorInputError;
use Preheat\Doctor\Finding\Fix;
use Preheat\Doctor\PoolFileParser;
use Preheat\Doctor\Profile\IniFiles;
use Preheat\Doctor\Profile\PoolConfig;
use Preheat\Php\Fpm\FpmDirective;
use Preheat\Php\Fpm\FpmPool;

final class PoolAndIniTest extends TestCase
{
    public function testPoolFileGivesPmWorkersAndPhpValuesWithTheirLines(): void
    {
        [$pool] = (new PoolFileParser())->parse(DoctorFixtures::dir('undersized').'/pool.d/www.conf');

        self::assertSame('www', $pool->name);
        self::assertSame('static', $pool->pm());
        self::assertSame(100000, $pool->maxChildren());
        self::assertSame('1G', $pool->phpValue('memory_limit'));
        self::assertSame(7, $pool->locate('pm.max_children')->line);
        self::assertSame('pm.max_children = 100000', $pool->locate('pm.max_children')->text);
    }

    public function testAPoolFileThatDoesNotParseIsBadInputNamingTheFile(): void
    {
        $file = DoctorFixtures::dir('bad-pool').'/www.conf';
        try {
            (new PoolFileParser())->parse($file);
            self::fail('a broken pool file must be refused');
        } catch (DoctorInputError $error) {
            self::assertStringContainsString($file.' does not parse', $error->getMessage());
            self::assertStringContainsString('php-fpm -t', $error->getMessage());
        }
    }

    public function testASyntaxErrorIsToldInPhpsOwnWordsNotAnEarlierMessageOfThisProcess(): void
    {
        $file = tempnam(sys_get_temp_dir(), 'preheat-test-pool-');
        self::assertIsString($file);
        file_put_contents($file, "garbage [[[\n");
        @trigger_error('an unrelated earlier message', \E_USER_DEPRECATED);
        try {
            (new PoolFileParser())->parse($file);
            self::fail('a pool file with a syntax error must be refused');
        } catch (DoctorInputError $error) {
            self::assertStringContainsString('syntax error', $error->getMessage());
            self::assertStringNotContainsString('unrelated', $error->getMessage());
        } finally {
            unlink($file);
        }
    }

    public function testIniLocatesTheLastLineThatSetsASettingElseTheCommentedDefault(): void
    {
        $directory = sys_get_temp_dir().'/preheat-ini-'.bin2hex(random_bytes(4));
        mkdir($directory.'/conf.d', 0o700, true);
        file_put_contents(
            $directory.'/php.ini',
            "[opcache]\n;opcache.memory_consumption=128\nopcache.validate_timestamps=1\n",
        );
        file_put_contents($directory.'/conf.d/20-app.ini', "opcache.validate_timestamps = 0\n");
        try {
            $ini = new IniFiles($directory.'/php.ini', $directory.'/conf.d');

            $set = $ini->locate('opcache.validate_timestamps');
            self::assertSame(
                [$directory.'/conf.d/20-app.ini', 1, 'opcache.validate_timestamps = 0'],
                [$set->file, $set->line, $set->text],
                'conf.d is read after php.ini: its line wins',
            );
            $commented = $ini->locate('opcache.memory_consumption');
            self::assertSame([$directory.'/php.ini', 2], [$commented->file, $commented->line]);
            $absent = $ini->locate('opcache.jit');
            self::assertSame([$directory.'/php.ini', null, null], [$absent->file, $absent->line, $absent->text]);
        } finally {
            array_map('unlink', [$directory.'/conf.d/20-app.ini', $directory.'/php.ini']);
            rmdir($directory.'/conf.d');
            rmdir($directory);
        }
    }

    public function testAFixForASettingOfTheScanDirGoesToANewFileReadLastNotIntoAPackagedOne(): void
    {
        $directory = sys_get_temp_dir().'/preheat-ini-'.bin2hex(random_bytes(4));
        mkdir($directory.'/php.d', 0o700, true);
        // RHEL: php.ini says nothing of OPcache; php.d/10-opcache.ini (the package's) sets it.
        file_put_contents($directory.'/php.ini', "[PHP]\nmemory_limit = 128M\n");
        file_put_contents($directory.'/php.d/10-opcache.ini', "zend_extension=opcache\nopcache.memory_consumption=128\n;opcache.preload=\n");
        try {
            $ini = new IniFiles($directory.'/php.ini', $directory.'/php.d');

            $set = $ini->fixLocation('opcache.memory_consumption');
            self::assertSame([$directory.'/php.d/zz-preheat.ini', null, null], [$set->file, $set->line, $set->text]);
            self::assertSame([$directory.'/php.d/10-opcache.ini', 2], [$set->overrides?->file, $set->overrides?->line]);
            self::assertStringContainsString(
                $directory.'/php.d/zz-preheat.ini: add `opcache.memory_consumption = 256` (a file of its own, read after '
                .$directory.'/php.d/10-opcache.ini:2 `opcache.memory_consumption=128`, which it overrides)',
                Fix::at($set, '256')->describe(),
            );
            $commented = $ini->fixLocation('opcache.preload');
            self::assertSame([$directory.'/php.d/zz-preheat.ini', null], [$commented->file, $commented->overrides]);
            self::assertSame($directory.'/php.d/zz-preheat.ini', $ini->fixLocation('opcache.jit')->file, 'php.ini does not configure OPcache');

            // Once written, the file of its own is where the setting is changed.
            file_put_contents($directory.'/php.d/zz-preheat.ini', "opcache.memory_consumption = 256\n");
            $own = (new IniFiles($directory.'/php.ini', $directory.'/php.d'))->fixLocation('opcache.memory_consumption');
            self::assertSame([$directory.'/php.d/zz-preheat.ini', 1], [$own->file, $own->line]);

            // Debian: php.ini has OPcache's settings commented out; they are changed there.
            file_put_contents($directory.'/php.ini', "[opcache]\n;opcache.jit=tracing\n");
            $debian = (new IniFiles($directory.'/php.ini', $directory.'/php.d'))->fixLocation('opcache.jit');
            self::assertSame([$directory.'/php.ini', 2], [$debian->file, $debian->line]);
            // The official image: no php.ini at all.
            self::assertSame($directory.'/php.d/zz-preheat.ini', (new IniFiles(null, $directory.'/php.d'))->fixLocation('opcache.jit')->file);
        } finally {
            array_map('unlink', glob($directory.'/php.d/*') ?: []);
            unlink($directory.'/php.ini');
            rmdir($directory.'/php.d');
            rmdir($directory);
        }
    }

    public function testAPoolContinuedInAnotherFileIsChangedWhereEachDirectiveIsWritten(): void
    {
        $pool = new FpmPool('www', '/etc/php-fpm.d/docker.conf', [
            new FpmDirective('user', 'www-data', '/etc/php-fpm.d/www.conf', 2),
            new FpmDirective('pm.max_children', '5', '/etc/php-fpm.d/www.conf', 7),
            new FpmDirective('listen', '9000', '/etc/php-fpm.d/zz-docker.conf', 5),
            new FpmDirective('pm.max_requests', '0', null, null),
        ]);
        $config = PoolConfig::of($pool);

        self::assertSame(['/etc/php-fpm.d/www.conf', 7], [$config->locate('pm.max_children')->file, $config->locate('pm.max_children')->line]);
        self::assertSame(['/etc/php-fpm.d/zz-docker.conf', 5], [$config->locate('listen')->file, $config->locate('listen')->line]);
        self::assertSame(['/etc/php-fpm.d/docker.conf', null], [$config->locate('pm.max_requests')->file, $config->locate('pm.max_requests')->line], 'php-fpm\'s default: added to the pool\'s file');
    }
}
