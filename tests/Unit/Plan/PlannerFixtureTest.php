<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Plan\DropReason;
use Preheat\Plan\PreloadPlan;
use Preheat\Tests\Support\FixtureProjects;

/**
 * For each fixture project, the plan keeps what is safe and leaves out the rest for the right reason.
 */
final class PlannerFixtureTest extends TestCase
{
    /**
     * @param list<string>          $included files expected in the script, relative to the project
     * @param array<string, string> $dropped  file => reason expected
     * @param array<string, string> $classes  class => reason expected
     */
    #[DataProvider('cases')]
    public function testPlansFixture(string $fixture, array $included, array $dropped, array $classes): void
    {
        $plan = FixtureProjects::plan($fixture);

        self::assertEqualsCanonicalizing($included, $this->includedFiles($plan));
        foreach ($dropped as $file => $reason) {
            $entry = $plan->droppedFiles[$plan->projectRoot.'/'.$file] ?? null;
            self::assertNotNull($entry, "$file should be left out");
            self::assertSame($reason, $entry->exclusion->reason->value, "$file: {$entry->exclusion->message}");
        }
        foreach ($classes as $class => $reason) {
            $entry = $plan->droppedClass($class);
            self::assertNotNull($entry, "$class should be left out");
            self::assertSame($reason, $entry->exclusion->reason->value, "$class: {$entry->exclusion->message}");
        }
    }

    /** @return iterable<string, array{string, list<string>, array<string, string>, array<string, string>}> */
    public static function cases(): iterable
    {
        yield 'missing parent (optional package not installed) and its child' => [
            'missing-parent',
            ['vendor/acme/db/src/Connection.php'],
            ['vendor/acme/db/src/PostgresDriver.php' => 'missing-dependency', 'vendor/acme/db/src/PooledPostgresDriver.php' => 'dropped-dependency'],
            ['Acme\Db\PostgresDriver' => 'missing-dependency', 'Acme\Db\PooledPostgresDriver' => 'dropped-dependency'],
        ];
        yield 'missing interface' => [
            'missing-interface',
            ['vendor/acme/cache/src/ArrayStore.php', 'vendor/acme/cache/src/Store.php'],
            ['vendor/acme/cache/src/RedisStore.php' => 'missing-dependency'],
            ['Acme\Cache\RedisStore' => 'missing-dependency'],
        ];
        yield 'missing trait' => [
            'missing-trait',
            ['vendor/acme/queue/src/Dispatchable.php', 'vendor/acme/queue/src/Worker.php'],
            ['vendor/acme/queue/src/Job.php' => 'missing-dependency', 'vendor/acme/queue/src/Testing/RunsInParallel.php' => 'missing-dependency'],
            ['Acme\Queue\Job' => 'missing-dependency', 'Acme\Queue\Testing\RunsInParallel' => 'missing-dependency'],
        ];
        yield 'enum implementing an interface' => [
            'enum-interface',
            ['src/HasLabel.php', 'src/LabelsFromValue.php', 'src/Status.php'],
            ['src/Priority.php' => 'missing-dependency'],
            ['App\Priority' => 'missing-dependency'],
        ];
        yield 'class declared inside if (!class_exists())' => [
            'conditional-class',
            ['vendor/acme/compat/src/Helper.php'],
            ['vendor/acme/compat/src/BaseCommand.php' => 'nothing-to-preload', 'vendor/acme/compat/src/ServeCommand.php' => 'conditional-dependency'],
            ['Acme\Compat\ServeCommand' => 'conditional-dependency'],
        ];
        yield 'file with define() at top level' => [
            'define-side-effect',
            ['vendor/acme/grapheme/src/Width.php'],
            ['vendor/acme/grapheme/src/Grapheme.php' => 'side-effects'],
            ['Acme\Grapheme\Grapheme' => 'side-effects'],
        ];
        yield 'class file ending with class_alias()' => [
            'class-alias',
            ['vendor/acme/parser/src/Node/Scalar.php'],
            ['vendor/acme/parser/src/Node/ArrayItem.php' => 'side-effects', 'vendor/acme/parser/src/Node/Expr/ArrayItem.php' => 'nothing-to-preload'],
            ['Acme\Parser\Node\ArrayItem' => 'side-effects'],
        ];
        yield 'two vendor scripts declaring the same function' => [
            'duplicate-function',
            ['vendor/acme/tool-a/src/helpers.php'],
            ['vendor/acme/tool-a/bin/functions.php' => 'duplicate-function', 'vendor/acme/tool-b/bin/functions.php' => 'duplicate-function'],
            [],
        ];
        yield 'two files declaring the same class' => [
            'duplicate-class',
            ['vendor/acme/http/src/Request.php', 'vendor/acme/http/src/Response.php'],
            [
                'vendor/acme/http/legacy/Request.php' => 'autoload-mismatch',
                'vendor/acme/http/tests/stubs/a/Clock.php' => 'duplicate-class',
                'vendor/acme/http/tests/stubs/b/Clock.php' => 'duplicate-class',
            ],
            ['Acme\Http\Testing\Clock' => 'duplicate-class'],
        ];
        yield 'polyfill stubs of built-in classes' => [
            'polyfill-stub',
            ['vendor/symfony/polyfill-php80/PhpToken.php'],
            [
                'vendor/symfony/polyfill-php80/Resources/stubs/Stringable.php' => 'builtin-name',
                'vendor/symfony/polyfill-php80/Resources/stubs/ValueError.php' => 'builtin-name',
                'vendor/symfony/polyfill-php80/Resources/stubs/Attribute.php' => 'builtin-name',
            ],
            ['Stringable' => 'builtin-name', 'ValueError' => 'builtin-name', 'Attribute' => 'builtin-name'],
        ];
        yield 'a syntax error' => [
            'syntax-error',
            ['vendor/acme/broken/src/Fine.php'],
            ['vendor/acme/broken/src/Broken.php' => 'parse-error'],
            [],
        ];
        yield "a path with ' and \$ in it" => [
            'quote-dollar-path',
            ["vendor/acme/it's \$HOME/src/Odd.php", "vendor/acme/it's \$HOME/src/Odder.php"],
            [],
            [],
        ];
        yield 'a dev-only package' => [
            'dev-package',
            ['vendor/acme/framework/src/Kernel.php'],
            ['vendor/acme/debugbar/src/DebugBar.php' => 'dev-package', 'vendor/acme/debugbar/src/KernelCollector.php' => 'dev-package'],
            ['Acme\DebugBar\DebugBar' => 'dev-package'],
        ];
        yield 'methods whose signatures PHP checks against a class that is not installed' => [
            'variance',
            [
                'vendor/acme/repo/src/Article.php',
                'vendor/acme/repo/src/ArticleRepository.php',
                'vendor/acme/repo/src/Entity.php',
                'vendor/acme/repo/src/Finder.php',
                'vendor/acme/repo/src/Handler.php',
                'vendor/acme/repo/src/ObjectHandler.php',
                'vendor/acme/repo/src/PostFinder.php',
                'vendor/acme/repo/src/Repository.php',
                'vendor/acme/repo/src/Shape.php',
                'vendor/acme/repo/src/Statement.php',
            ],
            [
                'vendor/acme/repo/src/PostRepository.php' => 'variance-dependency',
                'vendor/acme/repo/src/CachedPostRepository.php' => 'dropped-dependency',
                'vendor/acme/repo/src/EntityHandler.php' => 'variance-dependency',
                'vendor/acme/repo/src/Polygon.php' => 'variance-dependency',
                'vendor/acme/repo/src/Square.php' => 'dropped-dependency',
                'vendor/acme/repo/src/Query.php' => 'variance-dependency',
                'vendor/acme/repo/src/Builder.php' => 'variance-dependency',
            ],
            [
                'Acme\Repo\PostRepository' => 'variance-dependency',
                'Acme\Repo\CachedPostRepository' => 'dropped-dependency',
                'Acme\Repo\EntityHandler' => 'variance-dependency',
                'Acme\Repo\Polygon' => 'variance-dependency',
                'Acme\Repo\Square' => 'dropped-dependency',
            ],
        ];
        yield 'a method implementing a built-in interface\'s with a class that is not installed' => [
            'variance-builtin',
            ['vendor/acme/collection/src/Item.php'],
            ['vendor/acme/collection/src/Items.php' => 'variance-dependency'],
            ['Acme\Collection\Items' => 'variance-dependency'],
        ];
        yield 'classes written for another version of their parent: a return type that cannot fit, or none' => [
            'incompatible-signature',
            ['vendor/acme/bridge/src/Dbal4Connection.php', 'vendor/acme/bridge/src/RequiresTransactions.php', 'vendor/acme/dbal/src/ConnectionMiddleware.php', 'vendor/acme/dbal/src/Formatter.php'],
            ['vendor/acme/bridge/src/Dbal3Connection.php' => 'incompatible-signature', 'vendor/acme/bridge/src/LegacyFormatter.php' => 'incompatible-signature'],
            ['Acme\Bridge\Dbal3Connection' => 'incompatible-signature', 'Acme\Bridge\LegacyFormatter' => 'incompatible-signature'],
        ];
        yield 'overrides whose parameters PHP refuses: a required one added, one left out, by reference on one side only' => [
            'incompatible-arity',
            ['vendor/acme/app/src/ExtraOptional.php', 'vendor/acme/app/src/FewerRequired.php', 'vendor/acme/greeting/src/Greeter.php'],
            [
                'vendor/acme/app/src/Bad.php' => 'incompatible-signature',
                'vendor/acme/app/src/ByValue.php' => 'incompatible-signature',
                'vendor/acme/app/src/LeftOut.php' => 'incompatible-signature',
                'vendor/acme/app/src/Polite.php' => 'dropped-dependency',
            ],
            [
                'Acme\App\Bad' => 'incompatible-signature',
                'Acme\App\ByValue' => 'incompatible-signature',
                'Acme\App\LeftOut' => 'incompatible-signature',
                'Acme\App\Polite' => 'dropped-dependency',
            ],
        ];
        // Static planning cannot see this one (a parameter type incompatible with the parent's): the plan
        // keeps it, and verification's fix rounds drop it (see GenerateCommandTest).
        yield 'a class only PHP finds it cannot link' => [
            'incompatible-parameter',
            ['vendor/acme/bridge/src/Dbal3Statement.php', 'vendor/acme/bridge/src/Dbal4Statement.php', 'vendor/acme/dbal/src/StatementMiddleware.php'],
            [],
            [],
        ];
        yield 'traits named through a `use` import in an anonymous class, and unqualified in a namespace' => [
            'trait-names',
            ['src/Http/Buildable.php', 'src/Http/JsonRequest.php', 'src/Http/Options.php', 'src/Http/OptionsBag.php', 'src/Http/Request.php', 'src/Http/ResponseFactory.php', 'vendor/acme/support/src/Macroable.php'],
            [],
            [],
        ];
        yield 'a top-level return: dead code after it, a redeclaration guard, and a class PHP never declares' => [
            'top-level-return',
            ['vendor/acme/legacy/src/Clock.php', 'vendor/acme/legacy/src/Timer.php'],
            ['vendor/acme/legacy/src/Stopwatch.php' => 'unreachable-declaration', 'vendor/acme/legacy/src/Lap.php' => 'dropped-dependency'],
            ['Acme\Legacy\Stopwatch' => 'unreachable-declaration', 'Acme\Legacy\Lap' => 'dropped-dependency'],
        ];
        // No composer.json; the core is loaded with require. The admin script brings its own __(), a cache
        // file redeclares a plugin's function: neither is preloaded, but both count for duplicates.
        yield 'a CMS without composer.json' => [
            'cms',
            ['wp-admin/admin-functions.php', 'wp-includes/cache/class-wp-cache-key.php', 'wp-includes/class-wp-post.php', 'wp-includes/class-wp-query.php', 'wp-includes/plugin.php'],
            [
                'wp-includes/l10n.php' => 'duplicate-function',
                'wp-content/plugins/hello/hello.php' => 'duplicate-function',
                'wp-admin/setup-config.php' => 'side-effects',
                'wp-load.php' => 'nothing-to-preload',
            ],
            [],
        ];
        // Its own autoloader for inc/; Composer installs only a library. A test double under _test/ that
        // redeclares a core class does not count: tests are not part of the running app. inc/Cache is code,
        // not a cache the app writes.
        yield 'a wiki with its own autoloader' => [
            'wiki',
            ['inc/Cache/Cache.php', 'inc/Extension/PluginInterface.php', 'inc/Extension/SyntaxPlugin.php', 'inc/Parser.php', 'vendor/splitbrain/php-archive/src/Archive.php'],
            ['inc/load.php' => 'nothing-to-preload', 'doku.php' => 'nothing-to-preload'],
            [],
        ];
        // Its library is in PHP's include_path, outside the project (see ScanScopeTest for the message).
        yield 'a tool whose library is in the include path' => [
            'include-path',
            ['libraries/Config.php'],
            ['libraries/SqlExport.php' => 'missing-dependency', 'index.php' => 'nothing-to-preload'],
            ['Admin\SqlExport' => 'missing-dependency'],
        ];
        yield 'a class named with one byte that is not UTF-8' => [
            'binary-name',
            ['vendor/acme/odd/src/Foo.php', 'vendor/acme/odd/src/Odd.php'],
            ['vendor/composer/autoload_psr4.php' => 'nothing-to-preload'],
            [],
        ];
        // Planning used to give up ("too many circular dependencies"): a cycle through an anonymous
        // class could never be broken, since a forced drop cannot name it.
        yield 'files that need each other through an anonymous class' => [
            'anonymous-cycle',
            ['vendor/acme/dom/src/Element.php', 'vendor/acme/dom/src/Node.php'],
            [],
            [],
        ];
        yield 'a clean project whose whole tree preloads' => [
            'clean',
            [
                'src/Controller/Controller.php',
                'src/Controller/HomeController.php',
                'vendor/acme/container/src/Container.php',
                'vendor/acme/container/src/ContainerInterface.php',
                'vendor/acme/container/src/RemembersInstances.php',
                'vendor/acme/container/src/functions.php',
            ],
            ['vendor/composer/autoload_psr4.php' => 'nothing-to-preload'],
            [],
        ];
    }

    public function testEveryFixtureProjectHasACase(): void
    {
        $covered = array_map(static fn (array $case): string => $case[0], iterator_to_array(self::cases()));

        self::assertEqualsCanonicalizing(FixtureProjects::names(), array_values(array_unique($covered)));
    }

    public function testParentsComeBeforeChildren(): void
    {
        $order = $this->includedFiles(FixtureProjects::plan('clean'));

        self::assertLessThan(array_search('src/Controller/HomeController.php', $order, true), array_search('src/Controller/Controller.php', $order, true));
        self::assertLessThan(array_search('vendor/acme/container/src/Container.php', $order, true), array_search('vendor/acme/container/src/ContainerInterface.php', $order, true));
        self::assertLessThan(array_search('vendor/acme/container/src/Container.php', $order, true), array_search('vendor/acme/container/src/RemembersInstances.php', $order, true));
    }

    public function testASignatureDependencyComesFirstWhenItCan(): void
    {
        $order = $this->includedFiles(FixtureProjects::plan('variance'));

        self::assertLessThan(array_search('vendor/acme/repo/src/ArticleRepository.php', $order, true), array_search('vendor/acme/repo/src/Article.php', $order, true));
    }

    public function testClassesThatWaitForEachOtherAtPreloadAreLeftOut(): void
    {
        $plan = FixtureProjects::plan('variance');

        self::assertSame(
            'PHP must load Acme\Repo\Square to check Acme\Repo\Polygon::copy(): Acme\Repo\Square against Acme\Repo\Shape::copy(): object, and that class can only be linked after this one (Acme\Repo\Polygon, Acme\Repo\Square need each other), so at preload neither links',
            $plan->droppedClass('Acme\Repo\Polygon')?->exclusion->message,
        );
        self::assertSame('Acme\Repo\Polygon', $plan->droppedClass('Acme\Repo\Square')?->exclusion->because);
    }

    public function testAnAnonymousClassThatCannotLinkIsNamedInTheReason(): void
    {
        $plan = FixtureProjects::plan('missing-trait');
        $file = $plan->droppedFiles[$plan->projectRoot.'/vendor/acme/queue/src/Testing/RunsInParallel.php'];

        self::assertSame('the anonymous class on line 10: its trait Tests\CreatesApplication does not exist here (is an optional package not installed?)', $file->exclusion->message);
    }

    public function testAVarianceDependencyNamesTheMethodAndTheTypes(): void
    {
        $plan = FixtureProjects::plan('variance');

        self::assertSame(
            'PHP must load Acme\Blog\Post to check Acme\Repo\PostRepository::find(): Acme\Blog\Post against Acme\Repo\Repository::find(): Acme\Repo\Entity, and it does not exist here (is an optional package not installed?)',
            $plan->droppedClass('Acme\Repo\PostRepository')?->exclusion->message,
        );
        self::assertSame('Acme\Blog\Post', $plan->droppedClass('Acme\Repo\PostRepository')->exclusion->because);
        self::assertSame(
            'PHP must load Acme\Blog\Post to check Acme\Repo\EntityHandler::handle() parameter $post: Acme\Repo\Entity against Acme\Repo\Handler::handle() $post: Acme\Blog\Post, and it does not exist here (is an optional package not installed?)',
            $plan->droppedClass('Acme\Repo\EntityHandler')?->exclusion->message,
        );
        self::assertSame('its parent Acme\Repo\PostRepository is left out (a method signature needs a class that is not preloaded)', $plan->droppedClass('Acme\Repo\CachedPostRepository')?->exclusion->message);
    }

    public function testAReturnTypeThatCannotFitIsNamed(): void
    {
        $plan = FixtureProjects::plan('incompatible-signature');

        self::assertSame(
            'Acme\Bridge\Dbal3Connection::beginTransaction() returns bool, which cannot fit Acme\Dbal\ConnectionMiddleware::beginTransaction(): void: PHP refuses to link the class (written for another version of Acme\Dbal\ConnectionMiddleware?)',
            $plan->droppedClass('Acme\Bridge\Dbal3Connection')?->exclusion->message,
        );
        self::assertSame(
            'Acme\Bridge\LegacyFormatter::format() has no return type, while Acme\Dbal\Formatter::format() returns string: PHP refuses to link the class (written for another version of Acme\Dbal\Formatter?)',
            $plan->droppedClass('Acme\Bridge\LegacyFormatter')?->exclusion->message,
        );
    }

    public function testABuiltInAncestorsSignatureCountsWithItsTentativeReturnType(): void
    {
        $plan = FixtureProjects::plan('variance-builtin');

        self::assertSame(
            'PHP must load Acme\Lazy\LazyIterator to check Acme\Collection\Items::getIterator(): Acme\Lazy\LazyIterator against IteratorAggregate::getIterator(): Traversable, and it does not exist here (is an optional package not installed?)',
            $plan->droppedClass('Acme\Collection\Items')?->exclusion->message,
        );
    }

    public function testAClassAfterATopLevelReturnIsNamedInTheReason(): void
    {
        $plan = FixtureProjects::plan('top-level-return');
        $file = $plan->droppedFiles[$plan->projectRoot.'/vendor/acme/legacy/src/Stopwatch.php'];

        self::assertSame('declares Acme\Legacy\LapCounter after the top-level return on line 9 (line 13): PHP never declares it when the file is included, but preloading the file would', $file->exclusion->message);
    }

    public function testDevPackagesAreKeptWithIncludeDev(): void
    {
        $plan = FixtureProjects::plan('dev-package', includeDev: true);

        self::assertContains('vendor/acme/debugbar/src/KernelCollector.php', $this->includedFiles($plan));
    }

    public function testIgnoreByNamespacePrefixDropsDependentsToo(): void
    {
        $plan = FixtureProjects::plan('clean', ['App\Controller\Controller']);

        self::assertSame(DropReason::Ignored, $plan->droppedClass('App\Controller\Controller')?->exclusion->reason);
        self::assertSame(DropReason::DroppedDependency, $plan->droppedClass('App\Controller\HomeController')?->exclusion->reason);
        self::assertSame('App\Controller\Controller', $plan->droppedClass('App\Controller\HomeController')->exclusion->because);
    }

    public function testIgnoreByPathGlob(): void
    {
        $plan = FixtureProjects::plan('clean', ['vendor/acme/container']);

        // HomeController names ContainerInterface only in a signature, which linking does not need.
        self::assertEqualsCanonicalizing(['src/Controller/Controller.php', 'src/Controller/HomeController.php'], $this->includedFiles($plan));
        self::assertSame(DropReason::Ignored, $plan->droppedFiles[$plan->projectRoot.'/vendor/acme/container/src/functions.php']->exclusion->reason);
    }

    public function testAFunctionOfAPartialScanIsCheckedAgainstTheWholeApp(): void
    {
        // Only wp-includes is scanned, but wp-admin/setup-config.php declares __() too: preloading
        // l10n.php would make that admin script die with "Cannot redeclare __()".
        $plan = FixtureProjects::result(FixtureProjects::path('cms'), paths: ['wp-includes'])->plan;

        self::assertEqualsCanonicalizing(['wp-includes/cache/class-wp-cache-key.php', 'wp-includes/class-wp-post.php', 'wp-includes/class-wp-query.php', 'wp-includes/plugin.php'], $this->includedFiles($plan));
        $l10n = $plan->droppedFiles[$plan->projectRoot.'/wp-includes/l10n.php'];
        self::assertSame(DropReason::DuplicateFunction, $l10n->exclusion->reason);
        self::assertStringContainsString('also declared in wp-admin/setup-config.php (not scanned, but part of the app', $l10n->exclusion->message);
    }

    public function testAnIgnoredFileStillCountsForDuplicatesAndTheMessageSaysWhy(): void
    {
        $plan = FixtureProjects::plan('cms', ['wp-admin/setup-config.php']);

        self::assertSame(DropReason::Ignored, $plan->droppedFiles[$plan->projectRoot.'/wp-admin/setup-config.php']->exclusion->reason);
        $l10n = $plan->droppedFiles[$plan->projectRoot.'/wp-includes/l10n.php'];
        self::assertSame(DropReason::DuplicateFunction, $l10n->exclusion->reason);
        self::assertStringContainsString('(ignored with the pattern wp-admin/setup-config.php, which keeps it out of the preload script but not out of the app', $l10n->exclusion->message);
    }

    public function testTestsAreNotPartOfTheAppForDuplicates(): void
    {
        // tests/phpunit/bootstrap.php declares add_action() too, and docs/example.php WP_Query.
        $plan = FixtureProjects::plan('cms');

        self::assertContains('wp-includes/plugin.php', $this->includedFiles($plan));
        self::assertContains('wp-includes/class-wp-query.php', $this->includedFiles($plan));
    }

    /** @return list<string> */
    private function includedFiles(PreloadPlan $plan): array
    {
        return array_map(static fn ($f): string => substr($f->path, \strlen($plan->projectRoot) + 1), $plan->included);
    }
}
