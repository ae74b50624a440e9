<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;

/** `preheat verify` boots real PHP with OPcache and reports what PHP itself says. */
#[Group('integration')]
final class VerifyCommandTest extends TestCase
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

    public function testReportsWhatGotPreloaded(): void
    {
        $this->write('lib.php', "<?php\nclass Alpha {}\ninterface Beta {}\nfunction gamma() {}\n");
        $script = $this->write('preload.php', "<?php\nopcache_compile_file(__DIR__.'/lib.php');\n");

        [$report, $process] = PreheatProcess::json(['verify', $script]);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertTrue($report['booted']);
        self::assertSame(2, $report['preloaded']['scripts']);
        self::assertSame(2, $report['preloaded']['classes']);
        self::assertSame(1, $report['preloaded']['functions']);
        self::assertGreaterThan(0, $report['preloaded']['memoryBytes']);
        self::assertSame(0, $report['fatals']);
    }

    public function testAnUnlinkedClassIsAWarningAndFailsOnlyWithStrict(): void
    {
        $this->write('lib.php', "<?php\nclass Child extends NotInstalled {}\n");
        $script = $this->write('preload.php', "<?php\nopcache_compile_file(__DIR__.'/lib.php');\n");

        [$report, $process] = PreheatProcess::json(['verify', $script]);
        self::assertSame(0, $process->getExitCode());
        self::assertSame(1, $report['warnings']);
        self::assertSame('Child', $report['unlinkedClasses'][0]['class']);
        self::assertSame('Unknown parent NotInstalled', $report['unlinkedClasses'][0]['reason']);
        self::assertSame($this->directory->path.'/lib.php', $report['unlinkedClasses'][0]['file']);

        $strict = PreheatProcess::run(['verify', $script, '--strict']);
        self::assertSame(1, $strict->getExitCode());
        self::assertStringContainsString('unlinked Child: Unknown parent NotInstalled', $strict->getOutput());
    }

    public function testAScriptThatThrowsIsFatal(): void
    {
        $script = $this->write('preload.php', "<?php\nthrow new RuntimeException('config missing');\n");

        [$report, $process] = PreheatProcess::json(['verify', $script]);

        self::assertSame(1, $process->getExitCode());
        self::assertFalse($report['booted']);
        self::assertSame(1, $report['fatals']);
        self::assertStringContainsString('Uncaught RuntimeException: config missing', $report['messages'][0]['message']);
        self::assertSame($script, $report['messages'][0]['file']);
    }

    public function testACompileErrorInAPreloadedFileIsFatal(): void
    {
        $this->write('broken.php', "<?php\nclass Broken {\n public function x( }\n");
        $script = $this->write('preload.php', "<?php\nopcache_compile_file(__DIR__.'/broken.php');\n");

        [$report, $process] = PreheatProcess::json(['verify', $script]);

        self::assertSame(1, $process->getExitCode());
        self::assertGreaterThanOrEqual(1, $report['fatals']);
        self::assertSame($this->directory->path.'/broken.php', $report['messages'][0]['file']);
    }

    public function testTwoFilesDeclaringTheSameFunctionIsFatal(): void
    {
        $this->write('a.php', "<?php\nfunction includeIfExists() {}\n");
        $this->write('b.php', "<?php\nfunction includeIfExists() {}\n");
        $script = $this->write('preload.php', "<?php\nopcache_compile_file(__DIR__.'/a.php');\nopcache_compile_file(__DIR__.'/b.php');\n");

        [$report, $process] = PreheatProcess::json(['verify', $script]);

        self::assertSame(1, $process->getExitCode());
        self::assertStringContainsString('Cannot redeclare', $report['messages'][0]['message']);
    }

    public function testAMissingScriptSaysHowToWriteOne(): void
    {
        $process = PreheatProcess::run(['verify', $this->directory->path.'/nope.php']);

        self::assertSame(2, $process->getExitCode());
        self::assertStringContainsString('nope.php" does not exist: write one with `preheat generate', $process->getErrorOutput());
    }

    public function testAMissingIniIsNamed(): void
    {
        $script = $this->write('preload.php', "<?php\n");
        $process = PreheatProcess::run(['verify', $script, '--ini=/no/php.ini']);

        self::assertSame(2, $process->getExitCode());
        self::assertStringContainsString('php.ini "/no/php.ini" given with --ini does not exist', $process->getErrorOutput());
    }

    public function testAPhpBinaryThatDoesNotExistIsNamed(): void
    {
        $script = $this->write('preload.php', "<?php\n");
        $process = PreheatProcess::run(['verify', $script, '--php=/no/bin/php']);

        self::assertSame(2, $process->getExitCode());
        self::assertStringContainsString('/no/bin/php', $process->getErrorOutput());
    }

    private function write(string $name, string $content): string
    {
        file_put_contents($this->directory->path.'/'.$name, $content);

        return $this->directory->path.'/'.$name;
    }
}
