<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\TestCase;
use Preheat\Inventory\InventoryBuilder;
use Preheat\Inventory\InventoryCache;
use Preheat\Inventory\InventoryScan;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * A new release directory (the same files at another path, every modification time new) parses nothing
 * again: the cache finds each analysis by the file's bytes, and what came from the path (`__DIR__`,
 * `__FILE__`) is the new path's, exactly as parsing there gives it.
 */
final class ContentIndexTest extends TestCase
{
    private TemporaryDirectory $directory;

    private string $cacheDirectory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $this->cacheDirectory = $this->directory->path.'/cache';
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testANewReleaseOfTheSameFilesParsesNothingAndReadsAsParsedThere(): void
    {
        $first = $this->release('wiki', 1);
        $second = $this->release('wiki', 2);
        $this->touchAll($second);

        $cold = $this->scan($first);
        $release = $this->scan($second);

        self::assertSame($cold->inventory->count() + $cold->context->count(), $cold->parsedFiles);
        self::assertSame(0, $release->parsedFiles, 'every file of the new release came from the content index');
        self::assertSame($this->parsedWithoutCache($second), $this->entries($release));
        self::assertStringNotContainsString('/releases/1/', serialize($this->entries($release)));
    }

    public function testMagicConstantsResolveToTheNewPathInIncludesAndConstants(): void
    {
        $code = <<<'PHP'
            <?php
            define('APP_ROOT', dirname(__DIR__, 2));
            define('SELF', __FILE__);
            if (!class_exists('Lib\Thing')) {
                require __dir__.'/../lib/thing.php';
            }
            if (!function_exists('helper')) {
                require dirname(__FILE__).'/helper.php';
            }
            PHP;
        foreach ([1, 2] as $release) {
            $root = $this->directory->path.'/releases/'.$release;
            @mkdir($root.'/src', 0777, true);
            file_put_contents($root.'/src/boot.php', $code);
            touch($root.'/src/boot.php', time() + $release);
        }
        $second = $this->directory->path.'/releases/2';

        $this->scan($this->directory->path.'/releases/1');
        $release = $this->scan($second);

        self::assertSame(0, $release->parsedFiles);
        self::assertSame($this->parsedWithoutCache($second), $this->entries($release));
        $boot = $release->inventory->file($second.'/src/boot.php');
        self::assertNotNull($boot);
        self::assertSame(
            [$second.'/lib/thing.php', $second.'/src/helper.php'],
            array_map(static fn ($g): ?string => $g->target, $boot->includes->guarded),
        );
        self::assertSame([['s', $second.'/src/boot.php']], $boot->includes->constants['SELF'][0]);
        self::assertSame([['s', \dirname($second)]], $boot->includes->constants['APP_ROOT'][0]);
    }

    public function testAFileThatCannotBeTemplatedOrIsAtAnotherDepthIsParsedAgain(): void
    {
        // A NUL escape could spell a template token: this file's analysis is kept for its own path only.
        $escaped = "<?php\nif (!class_exists('A')) { require __DIR__.\"/a\\0.php\"; }\n";
        $plain = "<?php\nif (!class_exists('B')) { require __DIR__.'/b.php'; }\n";
        foreach (['/releases/1', '/releases/2', '/deeper/releases/3'] as $release) {
            @mkdir($this->directory->path.$release, 0777, true);
            file_put_contents($this->directory->path.$release.'/escaped.php', $escaped);
            file_put_contents($this->directory->path.$release.'/plain.php', $plain);
        }

        $this->scan($this->directory->path.'/releases/1');
        $second = $this->scan($this->directory->path.'/releases/2');
        $deeper = $this->scan($this->directory->path.'/deeper/releases/3');

        self::assertSame(1, $second->parsedFiles, 'the escaped file only');
        self::assertSame($this->parsedWithoutCache($this->directory->path.'/releases/2'), $this->entries($second));
        self::assertSame(2, $deeper->parsedFiles, 'a template is shared by paths of the same depth only');
    }

    public function testAFileThatNamesNoPathKeepsItsStringsAsWrittenInANewRelease(): void
    {
        // No __DIR__ or __FILE__: nothing in its analysis comes from its path, whatever its strings hold, even
        // text shaped like a template token (NUL, the tag, a segment number).
        $code = "<?php\ndefine('TOKEN_LIKE', \"\\0preheat-segment-0\\0/x\");\n";
        foreach ([1, 2] as $release) {
            $root = $this->directory->path.'/releases/'.$release;
            @mkdir($root, 0777, true);
            file_put_contents($root.'/tokens.php', $code);
            touch($root.'/tokens.php', time() + $release);
        }
        $second = $this->directory->path.'/releases/2';

        $this->scan($this->directory->path.'/releases/1');
        $release = $this->scan($second);

        self::assertSame(0, $release->parsedFiles);
        self::assertSame($this->parsedWithoutCache($second), $this->entries($release));
        $file = $release->inventory->file((string) realpath($second.'/tokens.php'));
        self::assertNotNull($file);
        self::assertSame([['s', "\0preheat-segment-0\0/x"]], $file->includes->constants['TOKEN_LIKE'][0]);
    }

    public function testEditedBytesAreNeverServedFromTheIndex(): void
    {
        $first = $this->release('clean', 1);
        $second = $this->release('clean', 2);
        $files = glob($second.'/src/Controller/*.php') ?: [];
        self::assertNotSame([], $files);
        file_put_contents($files[0], (string) file_get_contents($files[0])."\n// edited\n");

        $this->scan($first);
        $release = $this->scan($second);

        self::assertSame(1, $release->parsedFiles);
    }

    private function release(string $fixture, int $number): string
    {
        $copy = FixtureProjects::copy($fixture, $this->directory);
        $target = $this->directory->path.'/releases/'.$number;
        @mkdir(\dirname($target), 0777, true);
        rename($copy, $target);

        return $target;
    }

    private function touchAll(string $root): void
    {
        $files = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($root, \FilesystemIterator::SKIP_DOTS));
        foreach ($files as $file) {
            \assert($file instanceof \SplFileInfo);
            touch($file->getPathname(), time() + 100);
        }
        clearstatcache();
    }

    private function scan(string $root): InventoryScan
    {
        $root = (string) realpath($root);

        return (new InventoryBuilder(workers: 1))->build(
            [$root],
            new InventoryCache(InventoryCache::fileFor($root, $this->cacheDirectory)),
        );
    }

    /** @return array<string, array<string, mixed>> */
    private function parsedWithoutCache(string $root): array
    {
        $root = (string) realpath($root);

        return $this->entries((new InventoryBuilder(workers: 1))->build([$root], InventoryCache::disabled()));
    }

    /** @return array<string, array<string, mixed>> */
    private function entries(InventoryScan $scan): array
    {
        $entries = [];
        foreach ([...$scan->inventory->files, ...$scan->context->files] as $file) {
            $entries[$file->path] = $file->toArray();
        }
        ksort($entries);

        return $entries;
    }
}
