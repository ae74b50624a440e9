<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Composer;

use PHPUnit\Framework\TestCase;
use Preheat\Composer\ComposerProjectLoader;
use Preheat\Composer\ProjectError;
use Preheat\Tests\Support\TemporaryDirectory;

/** Where a project's Composer vendor directory is when it is not where composer.json says. */
final class ComposerProjectLoaderTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $root;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $this->root = (string) realpath($this->directory->path);
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testTheVendorDirectoryIsTheOneTheFrontControllerRequires(): void
    {
        // A CMS that ships its own vendor/ inside its core folder: composer.json at the root, no vendor/ there.
        $this->write('composer.json', '{"require": {"php": ">=8.1", "cms/core": "^10"}, "autoload": {"psr-4": {"App\\\\": "src/"}}}');
        $this->write('public/index.php', "<?php\n\$loader = require_once dirname(__DIR__, 1) . '/autoload.php';\n(new Cms\\Kernel(\$loader))->handle();\n");
        $this->write('autoload.php', "<?php\nreturn require (__DIR__ . \"/core/vendor/autoload.php\");\n");
        $this->vendor('core/vendor', installed: true);
        // A second, unrelated vendor directory: the front controller's is the one.
        $this->vendor('tools/vendor', installed: true);

        $project = (new ComposerProjectLoader())->load($this->root);

        self::assertSame($this->root.'/core/vendor', $project->vendorDir);
        self::assertSame(['cms/core'], array_map(static fn ($p): string => $p->name, $project->packages));
        self::assertSame($this->root.'/core/lib/Kernel.php', $project->autoload->fileFor('Cms\\Kernel'));
        self::assertSame(
            'Composer\'s vendor directory is '.$this->root.'/core/vendor (the autoloader public/index.php requires).',
            $project->layoutNote,
        );
    }

    public function testAnAutoloaderDumpedWithoutInstalledJsonServesWithItsRules(): void
    {
        $this->write('composer.json', '{"require": {"monolog/monolog": "^3"}, "autoload": {"psr-4": {"Cms\\\\": "core/lib/"}}}');
        $this->vendor('vendor', installed: false);

        $project = (new ComposerProjectLoader())->load($this->root);

        self::assertSame($this->root.'/vendor', $project->vendorDir);
        self::assertSame([], $project->packages);
        self::assertSame($this->root.'/core/lib/Kernel.php', $project->autoload->fileFor('Cms\\Kernel'));
        self::assertStringContainsString('as composer.json says), without installed.json', (string) $project->layoutNote);
    }

    public function testTheOnlyVendorDirectoryBelowTheRootWhenTheFrontControllerSaysNothingPlain(): void
    {
        $this->write('composer.json', '{"require": {"cms/core": "^10"}}');
        $this->write('index.php', "<?php\nrequire CMS_CORE . '/vendor/autoload.php';\n");
        $this->vendor('core/vendor', installed: true);

        $project = (new ComposerProjectLoader())->load($this->root);

        self::assertSame($this->root.'/core/vendor', $project->vendorDir);
        self::assertStringContainsString('the only Composer autoloader below the project root', (string) $project->layoutNote);
    }

    public function testWithoutAnyAutoloaderAComposerJsonRequiringNoPackageStandsInWithItsOwnRules(): void
    {
        $this->write('composer.json', '{"require": {"php": "^8.2", "ext-json": "*"}, "autoload": {"psr-4": {"Cms\\\\": "core/lib/"}}}');
        $this->write('core/lib/Kernel.php', "<?php\nnamespace Cms;\nclass Kernel {}\n");

        $project = (new ComposerProjectLoader())->load($this->root);

        self::assertNull($project->vendorDir);
        self::assertSame($this->root.'/core/lib/Kernel.php', $project->autoload->fileFor('Cms\\Kernel'));
        self::assertStringContainsString('composer.json\'s own autoload rules', (string) $project->layoutNote);
    }

    public function testPackagesRequiredAndNoAutoloaderAnywhereIsStillTheUsersToInstall(): void
    {
        $this->write('composer.json', '{"require": {"cms/core": "^10"}}');
        $this->write('index.php', "<?php\nrequire __DIR__.'/vendor/autoload.php';\n");

        $this->expectException(ProjectError::class);
        $this->expectExceptionMessage('no front controller (public/index.php, index.php, web/index.php) requires');

        (new ComposerProjectLoader())->load($this->root);
    }

    private function vendor(string $path, bool $installed): void
    {
        $this->write($path.'/autoload.php', "<?php\nreturn require __DIR__.'/composer/autoload_real.php';\n");
        $this->write($path.'/composer/autoload_real.php', "<?php\n");
        $this->write('core/lib/Kernel.php', "<?php\nnamespace Cms;\nclass Kernel {}\n");
        $this->write(
            $path.'/composer/autoload_psr4.php',
            "<?php\nreturn ['Cms\\\\' => [".var_export($this->root.'/core/lib', true)."]];\n",
        );
        if ($installed) {
            $this->write($path.'/cms/core/README', 'core');
            $this->write($path.'/composer/installed.json', '{"packages": [{"name": "cms/core", "install-path": "../cms/core"}]}');
        }
    }

    private function write(string $relative, string $content): void
    {
        $path = $this->root.'/'.$relative;
        if (!is_dir(\dirname($path))) {
            mkdir(\dirname($path), 0o777, true);
        }
        file_put_contents($path, $content);
    }
}
