<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;

/** The parse cache decides what is preloaded: `generate` refuses a cache directory another user could have planted. */
#[Group('integration')]
final class CacheDirectoryTest extends TestCase
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

    public function testACacheDirectoryOfAnotherUserIsRefusedAndAnOwnOneIsUsed(): void
    {
        if (0 !== posix_geteuid()) {
            self::markTestSkipped('needs root to give a directory to another user');
        }
        $project = FixtureProjects::copy('clean', $this->directory);
        $planted = $this->directory->path.'/planted';
        mkdir($planted, 0o755);
        chown($planted, 'nobody');

        $refused = PreheatProcess::run(['generate', '--project='.$project, '--no-verify', '--cache-dir='.$planted]);
        self::assertSame(2, $refused->getExitCode(), $refused->getErrorOutput());
        self::assertStringContainsString('preheat generate: '.$planted.' belongs to nobody, not to root who runs Preheat', $refused->getErrorOutput());
        self::assertFileDoesNotExist($project.'/preload.php');
        self::assertSame([], glob($planted.'/*') ?: [], 'nothing read or written there');

        $own = $this->directory->path.'/own';
        $used = PreheatProcess::run(['generate', '--project='.$project, '--no-verify', '--cache-dir='.$own]);
        self::assertSame(0, $used->getExitCode(), $used->getErrorOutput());
        self::assertCount(1, glob($own.'/inventory-*.bin') ?: []);
        self::assertSame(0o700, fileperms($own) & 0o777);
    }
}
