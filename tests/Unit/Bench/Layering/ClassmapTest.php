<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Layering;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Ladder\Ladder;
use Preheat\Bench\Layering\ClassmapAutoloaderWriter;
use Preheat\Bench\Layering\ClassmapBuilder;
use Preheat\Bench\Layering\LayerSettings;
use Preheat\Bench\ScenarioPreparer;
use Preheat\Composer\AutoloadRules;
use Preheat\Composer\ComposerProject;
use Preheat\Inventory\ConditionalDeclaration;
use Preheat\Inventory\Declaration;
use Preheat\Inventory\DeclarationKind;
use Preheat\Inventory\FileInventory;
use Preheat\Inventory\FileStamp;
use Preheat\Inventory\Inventory;
use Preheat\Inventory\SideEffect;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * The autoloader rung's classmap: the same class from the same file as the app's own autoloader would
 * load, for Composer projects and others; not applicable without any autoloader.
 */
final class ClassmapTest extends TestCase
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

    public function testAComposerProjectMapsWhatComposersRulesFindAndHandsItToComposersLoader(): void
    {
        $root = $this->directory->path;
        $this->file('vendor/autoload.php', "<?php\nreturn 'loader';\n");
        $this->file('vendor/composer/ClassLoader.php', "<?php\n// spl_autoload_register in Composer's loader\n");
        $page = $this->file('src/Page.php', "<?php\nnamespace App;\nclass Page {}\n");
        $legacy = $this->file('src/Legacy/Old.php', "<?php\nclass Legacy_Elsewhere {}\n");
        $polyfill = $this->file('src/Polyfill.php', "<?php\nnamespace App;\nif (!class_exists('App\\\\Polyfill', false)) { class Polyfill {} }\n");
        $project = new ComposerProject($root, $root.'/vendor', [], new AutoloadRules(psr4: ['App\\' => $root.'/src']), []);
        $inventory = new Inventory([
            $page => $this->declaring($page, 'App\Page'),
            $legacy => $this->declaring($legacy, 'Legacy_Elsewhere'),
            $polyfill => new FileInventory($polyfill, new FileStamp(1, 1), conditionalDeclarations: [new ConditionalDeclaration(DeclarationKind::ClassDeclaration, 'App\Polyfill', 3, 'if')]),
        ]);

        $classmap = (new ClassmapBuilder())->build($project, $inventory, new Inventory([]));

        self::assertNull($classmap->notApplicable);
        self::assertSame($root.'/vendor/autoload.php', $classmap->composerAutoload);
        self::assertSame(['App\Page' => $page, 'App\Polyfill' => $polyfill], $classmap->classes, 'Composer includes the file its rules give, conditional declaration or not; a class its rules do not find stays unmapped');
        self::assertSame(1, $classmap->leftOut);
        self::assertStringContainsString('made authoritative', $classmap->describe());
    }

    public function testWithoutComposerOnlyClassesDeclaredOnceInFilesThatRunNoCodeAreMapped(): void
    {
        $loader = $this->file('bootstrap.php', "<?php\nspl_autoload_register(function (\$c) {});\n");
        $page = $this->file('lib/Page.php', "<?php\nclass Page {}\n");
        $runs = $this->file('lib/Runs.php', "<?php\nclass Runs {}\ndefine('X', 1);\n");
        $twice = $this->file('lib/Twice.php', "<?php\nclass Twice {}\n");
        $twiceInContext = $this->file('cache/Twice.php', "<?php\nclass Twice {}\n");
        $inventory = new Inventory([
            $loader => new FileInventory($loader, new FileStamp(1, 1), sideEffects: [new SideEffect('calls spl_autoload_register()', 2)]),
            $page => $this->declaring($page, 'Page'),
            $runs => new FileInventory($runs, new FileStamp(1, 1), [new Declaration(DeclarationKind::ClassDeclaration, 'Runs', 2)], sideEffects: [new SideEffect('calls define()', 3)]),
            $twice => $this->declaring($twice, 'Twice'),
        ]);
        $project = new ComposerProject($this->directory->path, null, [], AutoloadRules::none(), [], false);

        $classmap = (new ClassmapBuilder())->build($project, $inventory, new Inventory([$twiceInContext => $this->declaring($twiceInContext, 'Twice')]));

        self::assertNull($classmap->composerAutoload);
        self::assertSame(['page' => $page], $classmap->classes, 'keys in lower case: PHP looks class names up without regard to case');
        self::assertSame(2, $classmap->leftOut);
        self::assertStringContainsString('in front of the app\'s', $classmap->describe());
    }

    public function testAnAppWithoutAnyAutoloaderIsNotApplicableAndSaysWhy(): void
    {
        $page = $this->file('lib/Page.php', "<?php\nclass Page {}\n");
        $project = new ComposerProject($this->directory->path, null, [], AutoloadRules::none(), [], false);

        $classmap = (new ClassmapBuilder())->build($project, new Inventory([$page => $this->declaring($page, 'Page')]), new Inventory([]));

        self::assertSame([], $classmap->classes);
        self::assertSame('not applicable: no scanned file registers an autoloader (spl_autoload_register), so the app includes its classes itself and there is nothing for a classmap to replace', $classmap->describe());
    }

    public function testWhereNoClassmapAppliesOnlyTheRungThatAddsNothingElseIsSkipped(): void
    {
        $notApplicable = new LayerSettings([], 'the app\'s own autoloader (a classmap is not applicable: no autoloader)', 'no autoloader');
        $reasons = [];
        foreach (Ladder::standard()->rungs as $rung) {
            $reasons[$rung->name()] = ScenarioPreparer::notApplicable($rung->scenario, $notApplicable);
        }

        self::assertSame([
            '1-baseline' => null,
            '2-opcache-sizing' => null,
            '3-autoloader' => 'not applicable: no autoloader',
            '4-preload-hot' => null,
            '5-preload-all' => null,
            '6-ceiling' => null,
            Ladder::REFERENCE_HOT => null,
            Ladder::REFERENCE => null,
        ], $reasons, 'the preload rungs and the ceiling still run, with the app\'s own autoloader');
        self::assertNull(ScenarioPreparer::notApplicable(Ladder::standard()->scenarios()[2], new LayerSettings()), 'a classmap that applies');
    }

    public function testTheWrittenAutoloaderLoadsAMappedClassAndLeavesAMissToTheOthers(): void
    {
        $class = 'PreheatClassmapProbe'.bin2hex(random_bytes(4));
        $file = $this->file('lib/Probe.php', "<?php\nclass $class {}\n");
        $index = $this->file('index.php', "<?php\nspl_autoload_register(function (\$c) {});\n");
        $project = new ComposerProject($this->directory->path, null, [], AutoloadRules::none(), [], false);
        $classmap = (new ClassmapBuilder())->build($project, new Inventory([$file => $this->declaring($file, $class), $index => new FileInventory($index, new FileStamp(1, 1))]), new Inventory([]));
        mkdir($this->directory->path.'/scenario');

        $prepend = (new ClassmapAutoloaderWriter())->write($classmap, $this->directory->path.'/scenario');
        $before = spl_autoload_functions();
        require $prepend;
        $added = array_values(array_filter(spl_autoload_functions(), static fn ($function): bool => !\in_array($function, $before, true)));
        self::assertCount(1, $added);
        $loader = $added[0];
        try {
            self::assertSame(0, array_search($loader, spl_autoload_functions(), true), 'registered in front of every other autoloader');
            self::assertTrue(class_exists(strtoupper($class)), 'found whatever the case of the name');
            self::assertFalse(class_exists('PreheatClassmapNoSuchClass'));
            self::assertSame(['classmap-autoloader.php', 'classmap.php'], array_values(array_diff(scandir($this->directory->path.'/scenario') ?: [], ['.', '..'])));
        } finally {
            spl_autoload_unregister($loader);
        }
    }

    /**
     * Composer's loader made authoritative, and what its classmap lacks answered after it, on its misses only: no
     * map merged into it on every request.
     */
    public function testTheComposerAutoloaderMakesComposersLoaderAuthoritativeAndAnswersWhatItsMapLacks(): void
    {
        $this->file('vendor/autoload.php', "<?php\nreturn \$GLOBALS['preheatFakeComposerLoader'];\n");
        $this->file('vendor/composer/ClassLoader.php', "<?php\n// spl_autoload_register\n");
        // A name of its own: the test includes the file.
        $name = 'Page'.bin2hex(random_bytes(6));
        $page = $this->file('src/'.$name.'.php', "<?php\nnamespace App;\nclass {$name} {}\n");
        $root = $this->directory->path;
        $project = new ComposerProject($root, $root.'/vendor', [], new AutoloadRules(psr4: ['App\\' => $root.'/src']), []);
        $classmap = (new ClassmapBuilder())->build($project, new Inventory([$page => $this->declaring($page, 'App\\'.$name)]), new Inventory([]));
        mkdir($root.'/scenario');
        $fake = new class {
            /** @var array<string, string> */
            public array $map = [];
            public bool $authoritative = false;

            /** @param array<string, string> $map */
            public function addClassMap(array $map): void
            {
                $this->map += $map;
            }

            public function setClassMapAuthoritative(bool $authoritative): void
            {
                $this->authoritative = $authoritative;
            }
        };
        $GLOBALS['preheatFakeComposerLoader'] = $fake;
        $before = spl_autoload_functions();
        try {
            require (new ClassmapAutoloaderWriter())->write($classmap, $root.'/scenario');
            $added = array_values(array_filter(spl_autoload_functions(), static fn ($f): bool => !\in_array($f, $before, true)));
            self::assertCount(1, $added);
            self::assertSame($added[0], spl_autoload_functions()[\count(spl_autoload_functions()) - 1], 'after every other: asked on misses only');
            self::assertTrue(class_exists('App\\'.$name));
        } finally {
            unset($GLOBALS['preheatFakeComposerLoader']);
            foreach (spl_autoload_functions() as $function) {
                if (!\in_array($function, $before, true)) {
                    spl_autoload_unregister($function);
                }
            }
        }

        self::assertSame([], $fake->map, 'no map merged into Composer\'s');
        self::assertTrue($fake->authoritative);
    }

    public function testComposersLoaderIsNotMadeAuthoritativeForAnAppThatAddsToItWhileItRuns(): void
    {
        $this->file('vendor/autoload.php', "<?php\nreturn \$GLOBALS['preheatFakeComposerLoader'];\n");
        $this->file('vendor/composer/ClassLoader.php', "<?php\n// spl_autoload_register\n");
        $page = $this->file('src/Page.php', "<?php\nnamespace App;\nclass Page {}\n");
        // A CMS's kernel adds its modules' namespaces while it boots: an authoritative loader never finds them.
        $kernel = $this->file('src/Kernel.php', "<?php\nnamespace App;\nclass Kernel {\n    function boot(\$loader) {\n        \$loader->addPsr4('Modules\\\\', 'modules');\n    }\n}\n");
        $root = $this->directory->path;
        $project = new ComposerProject($root, $root.'/vendor', [], new AutoloadRules(psr4: ['App\\' => $root.'/src']), []);
        $inventory = new Inventory([$page => $this->declaring($page, 'App\Page'), $kernel => $this->declaring($kernel, 'App\Kernel')]);

        $classmap = (new ClassmapBuilder())->build($project, $inventory, new Inventory([]));

        self::assertFalse($classmap->authoritative());
        self::assertStringContainsString('not made authoritative: the app adds to it while it runs ($loader->addPsr4() at '.$kernel.':5)', $classmap->describe());
        mkdir($root.'/scenario');
        $fake = new class {
            /** @var array<string, string> */
            public array $map = [];
            public ?bool $authoritative = null;

            /** @param array<string, string> $map */
            public function addClassMap(array $map): void
            {
                $this->map += $map;
            }

            public function setClassMapAuthoritative(bool $authoritative): void
            {
                $this->authoritative = $authoritative;
            }
        };
        $GLOBALS['preheatFakeComposerLoader'] = $fake;
        try {
            require (new ClassmapAutoloaderWriter())->write($classmap, $root.'/scenario');
        } finally {
            unset($GLOBALS['preheatFakeComposerLoader']);
        }

        self::assertSame(['App\Kernel' => $kernel, 'App\Page' => $page], $fake->map);
        self::assertNull($fake->authoritative, 'left as Composer dumped it');
    }

    /**
     * Composer's optimised classmap (`--optimize-autoloader`, as laravel/laravel is installed for production) maps
     * every class already: merging a copy of it into the loader on every request only costs CPU, so the rung is
     * Composer's loader made authoritative and nothing else.
     */
    public function testWithComposersOptimisedClassmapTheLoaderIsOnlyMadeAuthoritative(): void
    {
        $this->file('vendor/autoload.php', "<?php\nreturn \$GLOBALS['preheatFakeComposerLoader'];\n");
        $this->file('vendor/composer/ClassLoader.php', "<?php\n// spl_autoload_register\n");
        $page = $this->file('src/Page.php', "<?php\nnamespace App;\nclass Page {}\n");
        $extra = $this->file('src/Extra.php', "<?php\nnamespace App;\nclass Extra {}\n");
        $root = $this->directory->path;
        $optimised = new ComposerProject($root, $root.'/vendor', [], new AutoloadRules(
            ['App\Page' => $page, 'App\Extra' => $extra],
            ['App\\' => $root.'/src'],
        ), []);
        $inventory = new Inventory([$page => $this->declaring($page, 'App\Page'), $extra => $this->declaring($extra, 'App\Extra')]);

        $classmap = (new ClassmapBuilder())->build($optimised, $inventory, new Inventory([]));

        self::assertSame([], $classmap->classes, 'none that Composer\'s classmap lacks');
        self::assertTrue($classmap->authoritative());
        self::assertSame(
            'Composer\'s class loader made authoritative (as dump-autoload --classmap-authoritative), nothing else: its'
            .' optimised classmap maps all 2 scanned classes it can load already',
            $classmap->describe(),
        );
        mkdir($root.'/scenario');
        $fake = new class {
            public int $maps = 0;
            public bool $authoritative = false;

            /** @param array<string, string> $map */
            public function addClassMap(array $map): void
            {
                ++$this->maps;
            }

            public function setClassMapAuthoritative(bool $authoritative): void
            {
                $this->authoritative = $authoritative;
            }
        };
        $GLOBALS['preheatFakeComposerLoader'] = $fake;
        try {
            require (new ClassmapAutoloaderWriter())->write($classmap, $root.'/scenario');
        } finally {
            unset($GLOBALS['preheatFakeComposerLoader']);
        }
        self::assertSame(0, $fake->maps, 'no map merged into the loader on every request');
        self::assertTrue($fake->authoritative);
        self::assertFileDoesNotExist($root.'/scenario/classmap.php');

        // Only what the dumped classmap lacks is added (one class written since the dump).
        $partly = new ComposerProject($root, $root.'/vendor', [], new AutoloadRules(
            ['App\Page' => $page],
            ['App\\' => $root.'/src'],
        ), []);
        $classmap = (new ClassmapBuilder())->build($partly, $inventory, new Inventory([]));
        self::assertSame(['App\Extra' => $extra], $classmap->classes);
        self::assertStringContainsString('made authoritative (as dump-autoload --classmap-authoritative), and the 1 scanned classes its classmap lacks (it maps 1) answered on its misses', $classmap->describe());

        // Dumped authoritative already: nothing to add, and the rung says so.
        $this->file('vendor/composer/autoload_real.php', "<?php\n\$loader->setClassMapAuthoritative(true);\n");
        $classmap = (new ClassmapBuilder())->build($optimised, $inventory, new Inventory([]));
        self::assertSame(
            'Composer\'s loader is authoritative already, with an optimised classmap that maps every scanned class it'
            .' can load: nothing to add',
            $classmap->notApplicable,
        );
    }

    private function declaring(string $path, string $class): FileInventory
    {
        return new FileInventory($path, new FileStamp(1, 1), [new Declaration(DeclarationKind::ClassDeclaration, $class, 2)]);
    }

    private function file(string $relative, string $code): string
    {
        $path = $this->directory->path.'/'.$relative;
        if (!is_dir(\dirname($path))) {
            mkdir(\dirname($path), 0777, true);
        }
        file_put_contents($path, $code);

        return (string) realpath($path);
    }
}
