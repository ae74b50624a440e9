<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;

final class PhpInstallationTest extends TestCase
{
    public function testThePreloadLinesNameTheScriptAndTheUserToPreloadAs(): void
    {
        $asRoot = new PhpInstallation('php', null, new PhpSettings(null, 'test'), 'www-data', 'pool.d/www.conf');
        $configured = new PhpInstallation(
            'php',
            null,
            new PhpSettings(null, 'test', null, ['opcache.preload_user' => 'app']),
            'www-data',
            'pool.d/www.conf',
        );
        $notRoot = new PhpInstallation('php', null, new PhpSettings(null, 'test'));

        self::assertSame(
            ['opcache.preload' => '/app/preload.php', 'opcache.preload_user' => 'www-data'],
            $asRoot->preloadSettings('/app/preload.php'),
        );
        self::assertSame(
            ['opcache.preload' => '/app/preload.php', 'opcache.preload_user' => 'app'],
            $configured->preloadSettings('/app/preload.php'),
            'the ini\'s own preload_user wins',
        );
        self::assertSame(['opcache.preload' => '/app/preload.php'], $notRoot->preloadSettings('/app/preload.php'));
        self::assertSame(
            ['opcache.preload' => ''],
            $asRoot->preloadSettings(null),
            'no script, an empty preload (the none scenario): not the ini\'s own',
        );
    }
}
