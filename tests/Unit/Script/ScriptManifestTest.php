<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Plan\PlannedFile;
use Preheat\Script\Write\PreloadScriptWriter;
use Preheat\Script\Write\ScriptManifest;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * The manifest every script carries reads back: its hashes, and the files it compiles, whatever bytes their paths hold.
 */
final class ScriptManifestTest extends TestCase
{
    #[DataProvider('fixtureNames')]
    public function testTheScriptNamesItsFilesAndTheirHash(string $fixture): void
    {
        $plan = FixtureProjects::plan($fixture);
        $path = $plan->projectRoot.'/preload.php';
        $script = (new PreloadScriptWriter())->render($plan, $path);

        $files = ScriptManifest::filesOf($script, $path);
        self::assertSame(array_map(static fn (PlannedFile $f): string => $f->path, $plan->included), $files);
        $manifest = ScriptManifest::fromScript($script);
        self::assertNotNull($manifest);
        self::assertSame(ScriptManifest::sourcesHash($files), $manifest->sources);
    }

    public function testFilesWhosePathsHoldLineBreaksAndQuotesReadBack(): void
    {
        $directory = new TemporaryDirectory();
        try {
            mkdir($directory->path.'/src');
            foreach (["A\n * x'\$y.php", "B\"\\\x01.php", 'C.php'] as $i => $name) {
                file_put_contents($directory->path.'/src/'.$name, "<?php\nclass Named{$i} {}\n");
            }
            $plan = FixtureProjects::planAt($directory->path);
            $path = $plan->projectRoot.'/preload.php';
            $script = (new PreloadScriptWriter())->render($plan, $path);

            self::assertCount(3, $plan->included);
            self::assertSame(
                array_map(static fn (PlannedFile $f): string => $f->path, $plan->included),
                ScriptManifest::filesOf($script, $path),
            );
        } finally {
            $directory->remove();
        }
    }

    public function testAnotherPlanOrOtherContentsGiveAnotherClass(): void
    {
        $a = new ScriptManifest(str_repeat('1', 64), str_repeat('2', 64));

        self::assertNotSame(
            $a->className(),
            (new ScriptManifest(str_repeat('1', 64), str_repeat('3', 64)))->className(),
        );
        self::assertNotSame(
            $a->className(),
            (new ScriptManifest(str_repeat('4', 64), str_repeat('2', 64)))->className(),
        );
        self::assertSame(
            ScriptManifest::sourcesHash(['/no/such/file.php']),
            ScriptManifest::sourcesHash(['/no/other/file.php']),
            'a file that is gone counts as gone',
        );
    }

    public function testAFileChangedSinceItWasHashedIsHashedAgain(): void
    {
        $directory = new TemporaryDirectory();
        try {
            $file = $directory->path.'/A.php';
            file_put_contents($file, "<?php\nclass A {}\n");
            $first = ScriptManifest::sourcesHash([$file]);
            self::assertSame($first, ScriptManifest::sourcesHash([$file]));

            file_put_contents($file, "<?php\nclass B {}\n");
            touch($file, time() + 10);
            self::assertNotSame($first, ScriptManifest::sourcesHash([$file]), 'same size, another mtime');

            $second = ScriptManifest::sourcesHash([$file]);
            file_put_contents($file, "<?php\nclass Longer {}\n");
            touch($file, time() + 10);
            self::assertNotSame($second, ScriptManifest::sourcesHash([$file]), 'same mtime, another size');

            unlink($file);
            self::assertSame(ScriptManifest::sourcesHash(['/no/such/file.php']), ScriptManifest::sourcesHash([$file]));
        } finally {
            $directory->remove();
        }
    }

    /** @return iterable<string, array{string}> */
    public static function fixtureNames(): iterable
    {
        foreach (FixtureProjects::names() as $name) {
            yield $name => [$name];
        }
    }
}
