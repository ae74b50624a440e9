<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\TestCase;
use Preheat\Inventory\SkippedPath;
use Preheat\Inventory\SourceFinder;
use Preheat\Plan\DropReason;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Util\RelativePath;

/** What the default scan reads of a project, what it skips, and how it follows links. */
final class SourceFinderTest extends TestCase
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

    public function testSkipsWhatTheAppNeverRunsAndReadsCachesForDuplicatesOnly(): void
    {
        $root = FixtureProjects::path('cms');
        $selection = (new SourceFinder())->select($root, [$root], null);

        self::assertContains($root.'/wp-includes/l10n.php', $selection->files);
        self::assertNotContains($root.'/tests/phpunit/bootstrap.php', $selection->files);
        self::assertNotContains($root.'/docs/example.php', $selection->files);
        self::assertSame([$root.'/wp-content/cache/page-cache.php'], $selection->context);
        $skipped = [];
        foreach ($selection->skipped as $path) {
            $skipped[RelativePath::orDot($path->path, $root)] = [$path->reason, $path->checkedForDuplicates];
        }
        self::assertSame([
            'docs' => [SkippedPath::NOT_RUNTIME, false],
            'tests' => [SkippedPath::NOT_RUNTIME, false],
            'wp-content/cache' => [SkippedPath::GENERATED, true],
        ], $skipped);
        self::assertSame(10, $selection->roots[0]->files);
    }

    public function testIncludeDirScansASkippedDirectoryAndNamesOneThatMatchesNothing(): void
    {
        $root = FixtureProjects::path('cms');
        $selection = (new SourceFinder())->select($root, [$root], null, ['tests', 'no-such-dir']);

        self::assertContains($root.'/tests/phpunit/bootstrap.php', $selection->files);
        self::assertSame(['no-such-dir'], $selection->unusedIncludes);
    }

    public function testFilesOutsideTheRootsAreContext(): void
    {
        $root = FixtureProjects::path('cms');
        $selection = (new SourceFinder())->select($root, [$root.'/wp-includes'], null);

        self::assertCount(5, $selection->files);
        self::assertContains($root.'/wp-admin/setup-config.php', $selection->context);
        self::assertNotContains($root.'/docs/example.php', $selection->context);
    }

    public function testFollowsLinkedDirectoriesOnceAndNeverInALoop(): void
    {
        $root = FixtureProjects::copy('wiki', $this->directory);
        $store = $this->directory->path.'/plugins-store';
        mkdir($store.'/info', 0777, true);
        copy(__DIR__.'/../../Fixtures/linked/wiki-plugins/info/syntax.php', $store.'/info/syntax.php');
        symlink($store, $root.'/lib/plugins');
        symlink($store, $root.'/lib/plugins-again');
        symlink($this->directory->path, $store.'/loop');
        symlink(\dirname($this->directory->path), $store.'/everything'); // like a link to /: it contains the project

        $selection = (new SourceFinder())->select($root, [$root], null);

        self::assertContains($store.'/info/syntax.php', $selection->files);
        self::assertCount(1, $selection->links);
        self::assertSame($root.'/lib/plugins', $selection->links[0]->link);
        self::assertSame($store, $selection->links[0]->target);
        self::assertSame($root.'/lib/plugins/info/syntax.php', $selection->aliases[$store.'/info/syntax.php']);
        $reasons = [];
        foreach ($selection->skipped as $path) {
            $reasons[RelativePath::orDot($path->path, $root)] = $path->reason;
        }
        self::assertSame(SkippedPath::LINK_SEEN, $reasons['lib/plugins-again']);
        self::assertSame(SkippedPath::LINK_LOOP, $reasons['lib/plugins/loop']);
        self::assertSame(SkippedPath::LINK_LOOP, $reasons['lib/plugins/everything']);
    }

    public function testAnIgnoreGlobMatchesAFileByThePathOfTheLinkItWasFoundThrough(): void
    {
        $root = FixtureProjects::copy('wiki', $this->directory);
        $store = $this->directory->path.'/plugins-store';
        mkdir($store.'/info', 0777, true);
        copy(__DIR__.'/../../Fixtures/linked/wiki-plugins/info/syntax.php', $store.'/info/syntax.php');
        symlink($store, $root.'/lib/plugins');

        $result = FixtureProjects::result($root, ['lib/plugins/info']);

        $ignored = $result->plan->droppedFiles[$store.'/info/syntax.php'];
        self::assertSame(DropReason::Ignored, $ignored->exclusion->reason);
        self::assertSame([], $result->warnings);
    }

    public function testWhatUsersUploadAndTheAppWritesIsNeverPreloaded(): void
    {
        $root = $this->directory->path;
        $files = [
            'wp-content/uploads/2024/shell.php',
            'storage/framework/views/0a1b.php',
            'storage/app/import.php',
            'var/cache/prod/Container.php',
            'src/Cache/Warmer.php',
            'includes/cache/LinkBatch.php',
        ];
        foreach ($files as $file) {
            @mkdir(\dirname($root.'/'.$file), 0777, true);
            file_put_contents($root.'/'.$file, "<?php\n");
        }

        $selection = (new SourceFinder())->select($root, [$root], null);

        self::assertSame([$root.'/includes/cache/LinkBatch.php', $root.'/src/Cache/Warmer.php'], $selection->files);
        self::assertCount(4, $selection->context);
        $generated = array_map(
            static fn (SkippedPath $s): string => RelativePath::orDot($s->path, $root),
            $selection->skipped,
        );
        self::assertSame(['storage', 'var/cache', 'wp-content/uploads'], $generated);
    }

    public function testPreheatsScriptsInTheProjectRootAreNotScannedWhateverTheirName(): void
    {
        $root = $this->directory->path;
        $script = "<?php\n\n/*\n * ".SourceFinder::PRELOAD_SCRIPT_MARK." 0.1.0. Do not edit\n */\n";
        file_put_contents($root.'/preload.php', $script);
        file_put_contents($root.'/preload2.php', $script);
        file_put_contents($root.'/index.php', "<?php\n// ".SourceFinder::PRELOAD_SCRIPT_MARK." (quoted)\n");
        mkdir($root.'/src');
        file_put_contents($root.'/src/preload2.php', $script);

        $selection = (new SourceFinder())->select($root, [$root], null);

        self::assertSame([$root.'/index.php', $root.'/src/preload2.php'], $selection->files);
        $skipped = array_map(static fn (SkippedPath $path): string => $path->path, $selection->skipped);
        self::assertSame([$root.'/preload.php', $root.'/preload2.php'], $skipped);
    }

    public function testFindReadsEverythingUnderTheRoots(): void
    {
        $root = FixtureProjects::path('cms');

        self::assertContains($root.'/tests/phpunit/bootstrap.php', (new SourceFinder())->find([$root]));
    }
}
