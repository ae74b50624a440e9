<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Plan\DropReason;
use Preheat\Plan\PreloadPlan;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PlannerCase;

/**
 * For each planner case (a directory under tests/Fixtures/projects: the project and what planning it gives,
 * see PlannerCase), the plan keeps what is safe and leaves out the rest for the right reason.
 */
final class PlannerFixtureTest extends TestCase
{
    #[DataProvider('cases')]
    public function testPlansFixture(PlannerCase $case): void
    {
        $plan = $case->result()->plan;

        self::assertEqualsCanonicalizing($case->included, $this->includedFiles($plan), $case->title);
        foreach ($case->droppedFiles as $file => $reason) {
            $entry = $plan->droppedFiles[$plan->projectRoot.'/'.$file] ?? null;
            self::assertNotNull($entry, "$file should be left out");
            self::assertSame($reason, $entry->exclusion->reason->value, "$file: {$entry->exclusion->message}");
        }
        foreach ($case->droppedClasses as $class => $reason) {
            $entry = $plan->droppedClass($class);
            self::assertNotNull($entry, "$class should be left out");
            self::assertSame($reason, $entry->exclusion->reason->value, "$class: {$entry->exclusion->message}");
        }
    }

    /** @return iterable<string, array{PlannerCase}> one per directory under tests/Fixtures/projects */
    public static function cases(): iterable
    {
        foreach (PlannerCase::names() as $name) {
            yield $name => [PlannerCase::load($name)];
        }
    }

    public function testEveryCaseDirectoryHoldsAProjectAndItsExpectations(): void
    {
        $names = PlannerCase::names();

        self::assertGreaterThanOrEqual(26, \count($names));
        foreach ($names as $name) {
            self::assertDirectoryExists(PlannerCase::ROOT."/$name/project");
            self::assertFileExists(PlannerCase::ROOT."/$name/expected.txt");
            self::assertFileExists(PlannerCase::ROOT."/$name/expected.preload.php");
        }
    }

    public function testParentsComeBeforeChildren(): void
    {
        $order = $this->includedFiles(FixtureProjects::plan('clean'));

        self::assertLessThan(
            array_search('src/Controller/HomeController.php', $order, true),
            array_search('src/Controller/Controller.php', $order, true),
        );
        self::assertLessThan(
            array_search('vendor/acme/container/src/Container.php', $order, true),
            array_search('vendor/acme/container/src/ContainerInterface.php', $order, true),
        );
        self::assertLessThan(
            array_search('vendor/acme/container/src/Container.php', $order, true),
            array_search('vendor/acme/container/src/RemembersInstances.php', $order, true),
        );
    }

    public function testASignatureDependencyComesFirstWhenItCan(): void
    {
        $order = $this->includedFiles(FixtureProjects::plan('variance'));

        self::assertLessThan(
            array_search('vendor/acme/repo/src/ArticleRepository.php', $order, true),
            array_search('vendor/acme/repo/src/Article.php', $order, true),
        );
    }

    public function testClassesThatWaitForEachOtherAtPreloadAreLeftOut(): void
    {
        $plan = FixtureProjects::plan('variance');

        self::assertSame(
            'PHP must load Acme\Repo\Square to check Acme\Repo\Polygon::copy(): Acme\Repo\Square against '
            .'Acme\Repo\Shape::copy(): object, and that class can only be linked after this one '
            .'(Acme\Repo\Polygon, Acme\Repo\Square need each other), so at preload neither links',
            $plan->droppedClass('Acme\Repo\Polygon')?->exclusion->message,
        );
        self::assertSame('Acme\Repo\Polygon', $plan->droppedClass('Acme\Repo\Square')?->exclusion->because);
    }

    public function testAnAnonymousClassThatCannotLinkIsNamedInTheReason(): void
    {
        $plan = FixtureProjects::plan('missing-trait');
        $file = $plan->droppedFiles[$plan->projectRoot.'/vendor/acme/queue/src/Testing/RunsInParallel.php'];

        self::assertSame(
            'the anonymous class on line 10: its trait Tests\CreatesApplication does not exist here '
            .'(is an optional package not installed?)',
            $file->exclusion->message,
        );
    }

    public function testAVarianceDependencyNamesTheMethodAndTheTypes(): void
    {
        $plan = FixtureProjects::plan('variance');

        self::assertSame(
            'PHP must load Acme\Blog\Post to check Acme\Repo\PostRepository::find(): Acme\Blog\Post against '
            .'Acme\Repo\Repository::find(): Acme\Repo\Entity, and it does not exist here '
            .'(is an optional package not installed?)',
            $plan->droppedClass('Acme\Repo\PostRepository')?->exclusion->message,
        );
        self::assertSame('Acme\Blog\Post', $plan->droppedClass('Acme\Repo\PostRepository')->exclusion->because);
        self::assertSame(
            'PHP must load Acme\Blog\Post to check Acme\Repo\EntityHandler::handle() parameter $post: '
            .'Acme\Repo\Entity against Acme\Repo\Handler::handle() $post: Acme\Blog\Post, '
            .'and it does not exist here (is an optional package not installed?)',
            $plan->droppedClass('Acme\Repo\EntityHandler')?->exclusion->message,
        );
        self::assertSame(
            'its parent Acme\Repo\PostRepository is left out (a method signature needs a class that is not preloaded)',
            $plan->droppedClass('Acme\Repo\CachedPostRepository')?->exclusion->message,
        );
    }

    public function testAReturnTypeThatCannotFitIsNamed(): void
    {
        $plan = FixtureProjects::plan('incompatible-signature');

        self::assertSame(
            'Acme\Bridge\Dbal3Connection::beginTransaction() returns bool, which cannot fit '
            .'Acme\Dbal\ConnectionMiddleware::beginTransaction(): void: PHP refuses to link the class '
            .'(written for another version of Acme\Dbal\ConnectionMiddleware?)',
            $plan->droppedClass('Acme\Bridge\Dbal3Connection')?->exclusion->message,
        );
        self::assertSame(
            'Acme\Bridge\LegacyFormatter::format() has no return type, '
            .'while Acme\Dbal\Formatter::format() returns string: '
            .'PHP refuses to link the class (written for another version of Acme\Dbal\Formatter?)',
            $plan->droppedClass('Acme\Bridge\LegacyFormatter')?->exclusion->message,
        );
    }

    public function testABuiltInAncestorsSignatureCountsWithItsTentativeReturnType(): void
    {
        $plan = FixtureProjects::plan('variance-builtin');

        self::assertSame(
            'PHP must load Acme\Lazy\LazyIterator to check '
            .'Acme\Collection\Items::getIterator(): Acme\Lazy\LazyIterator '
            .'against IteratorAggregate::getIterator(): Traversable, and it does not exist here '
            .'(is an optional package not installed?)',
            $plan->droppedClass('Acme\Collection\Items')?->exclusion->message,
        );
    }

    public function testAClassAfterATopLevelReturnIsNamedInTheReason(): void
    {
        $plan = FixtureProjects::plan('top-level-return');
        $file = $plan->droppedFiles[$plan->projectRoot.'/vendor/acme/legacy/src/Stopwatch.php'];

        self::assertSame(
            'declares Acme\Legacy\LapCounter after the top-level return on line 9 (line 13): '
            .'PHP never declares it when the file is included, but preloading the file would',
            $file->exclusion->message,
        );
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
        $home = $plan->droppedClass('App\Controller\HomeController');
        self::assertSame(DropReason::DroppedDependency, $home?->exclusion->reason);
        self::assertSame('App\Controller\Controller', $home->exclusion->because);
    }

    public function testIgnoreByPathGlob(): void
    {
        $plan = FixtureProjects::plan('clean', ['vendor/acme/container']);

        // HomeController names ContainerInterface only in a signature, which linking does not need.
        self::assertEqualsCanonicalizing(
            ['src/Controller/Controller.php', 'src/Controller/HomeController.php'],
            $this->includedFiles($plan),
        );
        $functions = $plan->droppedFiles[$plan->projectRoot.'/vendor/acme/container/src/functions.php'];
        self::assertSame(DropReason::Ignored, $functions->exclusion->reason);
    }

    public function testAFunctionOfAPartialScanIsCheckedAgainstTheWholeApp(): void
    {
        // Only wp-includes is scanned, but wp-admin/setup-config.php declares __() too: preloading
        // l10n.php would make that admin script die with "Cannot redeclare __()".
        $plan = FixtureProjects::result(FixtureProjects::path('cms'), paths: ['wp-includes'])->plan;

        self::assertEqualsCanonicalizing(
            [
                'wp-includes/cache/class-wp-cache-key.php',
                'wp-includes/class-wp-post.php',
                'wp-includes/class-wp-query.php',
                'wp-includes/plugin.php',
            ],
            $this->includedFiles($plan),
        );
        $l10n = $plan->droppedFiles[$plan->projectRoot.'/wp-includes/l10n.php'];
        self::assertSame(DropReason::DuplicateFunction, $l10n->exclusion->reason);
        self::assertStringContainsString(
            'also declared in wp-admin/setup-config.php (not scanned, but part of the app',
            $l10n->exclusion->message,
        );
    }

    public function testAnIgnoredFileStillCountsForDuplicatesAndTheMessageSaysWhy(): void
    {
        $plan = FixtureProjects::plan('cms', ['wp-admin/setup-config.php']);

        $setupConfig = $plan->droppedFiles[$plan->projectRoot.'/wp-admin/setup-config.php'];
        self::assertSame(DropReason::Ignored, $setupConfig->exclusion->reason);
        $l10n = $plan->droppedFiles[$plan->projectRoot.'/wp-includes/l10n.php'];
        self::assertSame(DropReason::DuplicateFunction, $l10n->exclusion->reason);
        self::assertStringContainsString(
            '(ignored with the pattern wp-admin/setup-config.php, which keeps it out of the preload script '
            .'but not out of the app',
            $l10n->exclusion->message,
        );
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
