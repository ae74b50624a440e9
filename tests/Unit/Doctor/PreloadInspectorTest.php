<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Doctor;

use PHPUnit\Framework\TestCase;
use Preheat\Doctor\PreloadInspector;
use Preheat\Doctor\Profile\PreloadStatus;
use Preheat\Plan\PlannedFile;
use Preheat\Plan\PreloadPlan;
use Preheat\Script\Write\PreloadScriptWriter;
use Preheat\Script\Write\ScriptManifest;
use Preheat\Tests\Support\TemporaryDirectory;

/** The preload state on a tiny app with a script Preheat wrote: configured, stale after a change, missing. */
final class PreloadInspectorTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        mkdir($this->directory->path.'/src');
        file_put_contents($this->directory->path.'/src/A.php', "<?php\nclass A {}\n");
        file_put_contents($this->directory->path.'/src/B.php', "<?php\nclass B extends A {}\n");
        $root = $this->directory->path;
        $plan = new PreloadPlan(
            'paths',
            $root,
            [$root],
            [new PlannedFile($root.'/src/A.php', ['A'], []), new PlannedFile($root.'/src/B.php', ['B'], [])],
            [],
            [],
            2,
        );
        (new PreloadScriptWriter())->write($plan, $root.'/preload.php');
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testAScriptWhoseFilesAreUnchangedIsConfigured(): void
    {
        $state = PreloadInspector::inspect($this->directory->path.'/preload.php');

        self::assertSame(PreloadStatus::Configured, $state->status, $state->reason);
        self::assertSame(2, $state->files);
        self::assertGreaterThan(0, $state->estimatedBytes);
    }

    public function testAChangedFileMakesTheScriptStale(): void
    {
        file_put_contents($this->directory->path.'/src/B.php', "<?php\nclass B extends A { public int \$x = 1; }\n");

        $state = PreloadInspector::inspect($this->directory->path.'/preload.php');

        self::assertSame(PreloadStatus::Stale, $state->status);
        self::assertSame('the code changed since the script was generated', $state->reason);
    }

    public function testARemovedFileMakesTheScriptStale(): void
    {
        unlink($this->directory->path.'/src/A.php');

        $state = PreloadInspector::inspect($this->directory->path.'/preload.php');

        self::assertSame(PreloadStatus::Stale, $state->status);
        self::assertStringContainsString('1 preloaded files are gone', $state->reason);
    }

    public function testNoScriptAndAMissingScript(): void
    {
        self::assertSame(PreloadStatus::None, PreloadInspector::inspect('')->status);
        self::assertSame(PreloadStatus::Missing, PreloadInspector::inspect($this->directory->path.'/nope.php')->status);
    }

    public function testTheManifestReadsBackFromTheScriptWithItsFiles(): void
    {
        $path = $this->directory->path.'/preload.php';
        $script = (string) file_get_contents($path);
        $manifest = ScriptManifest::fromScript($script);

        self::assertNotNull($manifest);
        self::assertStringContainsString('final class '.$manifest->className(), $script);
        $files = ScriptManifest::filesOf($script, $path);
        self::assertSame([$this->directory->path.'/src/A.php', $this->directory->path.'/src/B.php'], $files);
        self::assertSame($manifest->sources, ScriptManifest::sourcesHash($files));
        self::assertNull(ScriptManifest::fromScript("<?php\nopcache_compile_file('x.php');\n"));
    }
}
