<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallationLocator;
use Preheat\Report\Json\PhpJson;
use Preheat\Tests\Support\TemporaryDirectory;

/** Which php.ini, which settings, which user: with php and php-fpm played by a fake runner. */
final class PhpInstallationLocatorTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $fpm;
    private string $ini;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        mkdir($this->directory->path.'/fpm/pool.d', 0777, true);
        mkdir($this->directory->path.'/fpm/conf.d');
        $this->ini = $this->directory->path.'/fpm/php.ini';
        file_put_contents($this->ini, "memory_limit = 128M\n");
        file_put_contents(
            $this->directory->path.'/fpm/pool.d/www.conf',
            "[www]\n; user = nobody\nuser = app-user\ngroup = app-user\n",
        );
        $this->fpm = $this->directory->path.'/php-fpm8.2';
        file_put_contents($this->fpm, "#!/bin/sh\n");
        chmod($this->fpm, 0755);
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testTheIniPhpFpmLoadsWithItsSettingsAndThePoolUser(): void
    {
        $runner = new FakeInstallation($this->ini, $this->directory->path.'/fpm/conf.d');
        $php = (new PhpInstallationLocator($runner, [], true))->locate('php8.2', null, $this->fpm);

        self::assertSame($this->ini, $php->settings->iniFile);
        self::assertSame('`php-fpm8.2 -i`', $php->settings->source);
        self::assertSame(['PHP_INI_SCAN_DIR' => $this->directory->path.'/fpm/conf.d'], $php->settings->environment());
        self::assertSame('128M', $php->settings->value('memory_limit'));
        self::assertSame(134217728, $php->settings->bytes('memory_limit'));
        self::assertSame(8 * 1048576, $php->settings->bytes('opcache.interned_strings_buffer'));
        self::assertSame('app-user', $php->user, 'the pool config, not the commented-out line');
        self::assertSame($this->directory->path.'/fpm/pool.d/www.conf:3', $php->userSource, 'the line php-fpm reads');
        self::assertSame(
            ['-c', $this->ini],
            \array_slice($runner->settingsCommand, 1, 2),
            'settings read with that ini',
        );
        self::assertSame("memory_limit = 128M\n", $php->settings->iniContents, 'read once, for the bench\'s copies');
        self::assertSame('/srv/app/preload.php', $php->settings->value('opcache.preload'), 'the ini\'s own preload');
    }

    public function testNeitherPhpFpmNorTheCliRunTheInisPreloadWhileAskedAboutIt(): void
    {
        $runner = new FakeInstallation($this->ini, $this->directory->path.'/fpm/conf.d');
        (new PhpInstallationLocator($runner, [], true))->locate('php8.2', null, $this->fpm);

        self::assertSame([$this->fpm, '-d', 'opcache.preload=', '-i'], $runner->infoCommand);
        self::assertContains('opcache.enable_cli=0', $runner->settingsCommand, 'OPcache off: the value read, not run');
    }

    public function testIniOptionAndOpcachePreloadUserWin(): void
    {
        $given = $this->directory->path.'/mine.ini';
        file_put_contents($given, "opcache.preload_user = deploy\n");
        $runner = new FakeInstallation($this->ini, null, ['opcache.preload_user' => 'deploy']);
        $php = (new PhpInstallationLocator($runner, [], true))->locate('php8.2', $given, $this->fpm);

        self::assertSame($given, $php->settings->iniFile);
        self::assertSame('--ini', $php->settings->source);
        self::assertSame('deploy', $php->preloadUser(), 'opcache.preload_user is who preloads');
    }

    public function testNotRootMeansNoUserSwitch(): void
    {
        $php = (new PhpInstallationLocator(new FakeInstallation($this->ini, null), [], false))
            ->locate('php8.2', null, $this->fpm);

        self::assertNull($php->user);
        self::assertNull($php->preloadUser());
    }

    public function testOverridesAreNamed(): void
    {
        $php = (new PhpInstallationLocator(new FakeInstallation($this->ini, null), [], false))
            ->locate('php8.2', null, $this->fpm);
        $settings = $php->settings->withOverride('opcache.memory_consumption', '256', '--opcache-memory');

        self::assertSame('256', $settings->value('opcache.memory_consumption'));
        self::assertStringContainsString('opcache.memory_consumption=256 (--opcache-memory)', $settings->describe());
        self::assertSame(['value' => '256', 'reason' => '--opcache-memory'], PhpJson::settings($settings)['overrides']['opcache.memory_consumption']);
    }
}
