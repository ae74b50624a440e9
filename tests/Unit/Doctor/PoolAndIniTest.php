<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Doctor;

use PHPUnit\Framework\TestCase;
use Preheat\Doctor\DoctorInputError;
use Preheat\Doctor\PoolFileParser;
use Preheat\Doctor\Profile\IniFiles;

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
}
