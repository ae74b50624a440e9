<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/**
 * Preheat installed as a user installs it: `composer require --dev preheat/preheat` into an app, from
 * this checkout as a path repository that copies (Composer copies what `composer archive` would pack:
 * .gitattributes' export-ignore stays out), its dependencies from the registry; then
 * `vendor/bin/preheat generate` runs there.
 */
#[Group('integration')]
final class ComposerInstallTest extends TestCase
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

    public function testRequireDevFromACheckoutInstallsACleanPackageThatGenerates(): void
    {
        $composer = (new ExecutableFinder())->find('composer');
        self::assertNotNull($composer, 'Composer is needed (Debian: composer)');
        $app = $this->directory->path.'/app';
        mkdir($app.'/src', 0o777, true);
        foreach (['src/Greeter.php', 'src/Greeting.php'] as $file) {
            copy(\dirname(__DIR__).'/Fixtures/install/app/'.$file, $app.'/'.$file);
        }
        $manifest = json_decode((string) file_get_contents(\dirname(__DIR__).'/Fixtures/install/app/composer.json'), true, flags: \JSON_THROW_ON_ERROR);
        self::assertIsArray($manifest);
        // A path repository gives its package the version of the checkout's branch; pin one, as a release would have.
        $manifest['repositories'] = [['type' => 'path', 'url' => \dirname(__DIR__, 2), 'options' => ['symlink' => false, 'versions' => ['preheat/preheat' => '1.0.0']]]];
        file_put_contents($app.'/composer.json', json_encode($manifest, \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES));

        $require = new Process([$composer, 'require', '--dev', '--no-interaction', '--no-progress', 'preheat/preheat'], $app, ['COMPOSER_NO_INTERACTION' => '1'], null, 600);
        $require->run();
        self::assertSame(0, $require->getExitCode(), $require->getOutput().$require->getErrorOutput());
        self::assertStringContainsString('Mirroring from '.\dirname(__DIR__, 2), $require->getErrorOutput());

        $package = $app.'/vendor/preheat/preheat';
        foreach (['tests', 'demo', 'bench', 'vendor', 'doc', 'scripts', 'build', 'Makefile', 'phpunit.xml.dist'] as $left) {
            self::assertFileDoesNotExist($package.'/'.$left, 'not for users');
        }
        foreach (['bin/preheat', 'src/Console/Application.php', 'recorder/preheat-recorder.php', 'composer.json', 'README.md'] as $kept) {
            self::assertFileExists($package.'/'.$kept);
        }
        self::assertFileExists($app.'/vendor/nikic/php-parser/composer.json', 'dependencies come from the registry');

        $generate = new Process([\PHP_BINARY, 'vendor/bin/preheat', 'generate', '--cache-dir='.$this->directory->path.'/cache'], $app, null, null, 300);
        $generate->run();
        self::assertSame(0, $generate->getExitCode(), $generate->getOutput().$generate->getErrorOutput());
        self::assertStringContainsString('Wrote '.$app.'/preload.php', $generate->getOutput());
        $script = (string) file_get_contents($app.'/preload.php');
        self::assertStringContainsString("'/src/Greeting.php'", $script);
        self::assertStringContainsString("'/src/Greeter.php'", $script);

        $record = new Process([\PHP_BINARY, 'vendor/bin/preheat', 'record', '--pool-user='.(posix_getpwuid(posix_geteuid()) ?: ['name' => 'root'])['name']], $app);
        $record->run();
        self::assertSame(0, $record->getExitCode(), $record->getOutput().$record->getErrorOutput());
        self::assertStringContainsString(var_export($package.'/recorder/preheat-recorder.php', true), $record->getOutput(), 'the bootstrap loads the installed recorder');
    }
}
