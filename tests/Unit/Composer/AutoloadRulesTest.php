<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Composer;

use PHPUnit\Framework\TestCase;
use Preheat\Composer\AutoloadRules;
use Preheat\Composer\ComposerProjectLoader;
use Preheat\Composer\ProjectError;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\TemporaryDirectory;

final class AutoloadRulesTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $files = [
            'psr4/Sub/Deep.php', 'psr4-longer/Deep.php', 'psr0/Legacy/Old/Thing.php', 'fallback/Anything/Here.php',
            'map/odd-name.php',
        ];
        foreach ($files as $file) {
            @mkdir(\dirname($this->directory->path.'/'.$file), 0777, true);
            touch($this->directory->path.'/'.$file);
        }
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testClassmapWinsOverPsr4(): void
    {
        $root = $this->directory->path;
        $rules = new AutoloadRules(['Vendor\Sub\Deep' => $root.'/map/odd-name.php'], ['Vendor\\' => [$root.'/psr4']]);

        self::assertSame($root.'/map/odd-name.php', $rules->fileFor('Vendor\Sub\Deep'));
    }

    public function testLongestPsr4PrefixIsTriedFirst(): void
    {
        $root = $this->directory->path;
        $rules = new AutoloadRules([], ['Vendor\\' => [$root.'/psr4'], 'Vendor\Sub\\' => [$root.'/psr4-longer']]);

        self::assertSame($root.'/psr4-longer/Deep.php', $rules->fileFor('Vendor\Sub\Deep'));
        self::assertNull($rules->fileFor('Vendor\Sub\Missing'));
    }

    public function testPsr4FallsBackToShorterPrefixWhenTheFileIsNotThere(): void
    {
        $root = $this->directory->path;
        $rules = new AutoloadRules([], ['Vendor\\' => [$root.'/psr4'], 'Vendor\Sub\\' => [$root.'/nowhere']]);

        self::assertSame($root.'/psr4/Sub/Deep.php', $rules->fileFor('Vendor\Sub\Deep'));
    }

    public function testPsr0MapsUnderscoresInTheClassName(): void
    {
        $root = $this->directory->path;
        $rules = new AutoloadRules([], [], ['Legacy_' => [$root.'/psr0']]);

        self::assertSame($root.'/psr0/Legacy/Old/Thing.php', $rules->fileFor('Legacy_Old_Thing'));
    }

    public function testEmptyPrefixIsAFallbackDirectory(): void
    {
        $root = $this->directory->path;
        $rules = new AutoloadRules([], ['' => [$root.'/fallback']]);

        self::assertSame($root.'/fallback/Anything/Here.php', $rules->fileFor('Anything\Here'));
    }

    public function testReadsTheRulesComposerDumped(): void
    {
        $project = (new ComposerProjectLoader())->load(FixtureProjects::path('quote-dollar-path'));

        self::assertSame(
            $project->root."/vendor/acme/it's \$HOME/src/Odd.php",
            $project->autoload->fileFor('Acme\Odd\Odd'),
        );
        self::assertSame('acme/odd', $project->packageOf($project->root."/vendor/acme/it's \$HOME/src/Odd.php")?->name);
    }

    public function testDevPackagesAreMarked(): void
    {
        $project = (new ComposerProjectLoader())->load(FixtureProjects::path('dev-package'));
        $dev = array_map(
            static fn ($p): string => $p->name,
            array_filter($project->packages, static fn ($p): bool => $p->isDev),
        );

        self::assertSame(['acme/debugbar'], array_values($dev));
    }

    public function testAProjectWithoutVendorSaysToRunComposerInstall(): void
    {
        file_put_contents($this->directory->path.'/composer.json', '{"name": "x/y"}');

        $this->expectException(ProjectError::class);
        $this->expectExceptionMessage('Run `composer install`');
        (new ComposerProjectLoader())->load($this->directory->path);
    }

    public function testBrokenComposerJsonNamesTheFile(): void
    {
        file_put_contents($this->directory->path.'/composer.json', '{"name": ');

        $this->expectException(ProjectError::class);
        $this->expectExceptionMessage($this->directory->path.'/composer.json');
        (new ComposerProjectLoader())->load($this->directory->path);
    }

    public function testAMissingProjectDirectoryIsNamed(): void
    {
        $this->expectException(ProjectError::class);
        $this->expectExceptionMessage('/no/such/project');
        (new ComposerProjectLoader())->load('/no/such/project');
    }
}
