<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\FixtureProjects;
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

    public function testTheVerdictIsColouredWithAnsiAndPlainInAPipe(): void
    {
        $this->write('lib.php', "<?php\nfunction gamma() {}\n");
        $script = $this->write('preload.php', "<?php\nopcache_compile_file(__DIR__.'/lib.php');\n");

        $coloured = PreheatProcess::run(['verify', $script, '--ansi']);
        $piped = PreheatProcess::run(['verify', $script]);

        self::assertSame(0, $coloured->getExitCode(), $coloured->getErrorOutput());
        self::assertStringContainsString(": \e[32;1mOK\e[39;22m\n", $coloured->getOutput());
        self::assertStringContainsString(": OK\n", $piped->getOutput());
        self::assertStringNotContainsString("\e[", $piped->getOutput());
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

    public function testTheIniPreloadingAnotherScriptDoesNotGetInTheWay(): void
    {
        // php-fpm's ini already preloads a script (here a broken one): the new script is verified on its own.
        $this->write('old.php', "<?php\nrequire __DIR__.'/gone.php';\n");
        $ini = $this->write('php.ini', 'opcache.preload='.$this->directory->path."/old.php\n");
        $this->write('lib.php', "<?php\nclass Alpha {}\n");
        $script = $this->write('preload.php', "<?php\nopcache_compile_file(__DIR__.'/lib.php');\n");

        [$report, $process] = PreheatProcess::json(['verify', $script, '--ini='.$ini]);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame(1, $report['preloaded']['classes']);
    }

    public function testAClassPHPRefusedFailsUnlessAllowedAndIsNotCountedAsPreloaded(): void
    {
        $this->write('lib.php', "<?php\nclass Child extends NotInstalled {}\nclass Kept {}\n");
        $script = $this->write('preload.php', "<?php\nopcache_compile_file(__DIR__.'/lib.php');\n");

        [$report, $process] = PreheatProcess::json(['verify', $script]);
        self::assertSame(1, $process->getExitCode(), 'a refused class is compiled at every request: not a pass');
        self::assertFalse($report['passed']);
        self::assertSame(1, $report['warnings']);
        self::assertSame(1, $report['preloaded']['classes'], 'OPcache lists Child too, but only Kept is preloaded');
        self::assertSame(1, $report['preloaded']['refusedClasses']);
        self::assertSame('Child', $report['unlinkedClasses'][0]['class']);
        self::assertSame('Unknown parent NotInstalled', $report['unlinkedClasses'][0]['reason']);
        self::assertSame($this->directory->path.'/lib.php', $report['unlinkedClasses'][0]['file']);

        $text = PreheatProcess::run(['verify', $script]);
        self::assertSame(1, $text->getExitCode());
        self::assertStringContainsString('FAILED: PHP refused to preload 1 of its classes', $text->getOutput());
        self::assertStringContainsString('1 classes (1 more refused: not preloaded)', $text->getOutput());

        $allowed = PreheatProcess::run(['verify', $script, '--allow-refused']);
        self::assertSame(0, $allowed->getExitCode(), $allowed->getOutput());
        self::assertStringContainsString('PASSED WITH 1 WARNING(S)', $allowed->getOutput());

        $strict = PreheatProcess::run(['verify', $script, '--strict', '--allow-refused']);
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
        self::assertStringContainsString('php.ini "/no/php.ini" does not exist: give the php.ini your php-fpm uses (php-fpm -i | grep "Loaded Configuration"). (option --ini)', $process->getErrorOutput());
    }

    public function testAPhpBinaryThatDoesNotExistIsNamed(): void
    {
        $script = $this->write('preload.php', "<?php\n");
        $process = PreheatProcess::run(['verify', $script, '--php=/no/bin/php']);

        self::assertSame(2, $process->getExitCode());
        self::assertStringContainsString('--php=/no/bin/php is not an executable file', $process->getErrorOutput());
    }

    public function testAPhpBinaryThatIsNotInstalledIsTheEnvironmentsFailure(): void
    {
        $script = $this->write('preload.php', "<?php\n");
        $process = PreheatProcess::run(['verify', $script, '--php=php-not-installed-here']);

        self::assertSame(3, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('Cannot run `php-not-installed-here`: command not found. Check that the program exists and is executable. (option --php)', $process->getErrorOutput());
        self::assertStringNotContainsString('Exception trace', $process->getErrorOutput(), 'one line, no trace');
    }

    public function testAScriptThatRunsOutOfMemoryIsAFatalThatNamesTheSettingAndTheValueItNeeds(): void
    {
        $ini = $this->write('php.ini', "memory_limit=16M\n");
        $script = $this->write('preload.php', "<?php\n\$rows = [];\nfor (\$i = 0; \$i < 400000; ++\$i) { \$rows[] = str_repeat('x', 64).\$i; }\n");

        [$report, $process] = PreheatProcess::json(['verify', $script, '--ini='.$ini]);

        self::assertSame(1, $process->getExitCode());
        self::assertSame(1, $report['fatals']);
        self::assertStringContainsString('Allowed memory size of 16777216 bytes exhausted', $report['messages'][0]['message']);
        self::assertSame('memory_limit', $report['findings'][0]['setting']);
        self::assertMatchesRegularExpression('/^\d+M$/', (string) $report['findings'][0]['value'], 'measured with room to spare');
        self::assertGreaterThan(16, (int) $report['findings'][0]['value']);
        self::assertSame($ini, $report['ini']['file']);

        $text = PreheatProcess::run(['verify', $script, '--ini='.$ini]);
        self::assertStringContainsString('set memory_limit='.$report['findings'][0]['value'].' in '.$ini, $text->getOutput());
        self::assertStringNotContainsString('try --fix', $text->getOutput());
        self::assertStringContainsString('php.ini    '.$ini.' (--ini); memory_limit=16M', $text->getOutput());
    }

    public function testInternedStringOverflowIsOneWarningWithTheBufferSizeItNeeds(): void
    {
        $ini = $this->write('php.ini', "opcache.interned_strings_buffer=1\n");
        $functions = '';
        for ($i = 0; $i < 6000; ++$i) {
            $functions .= \sprintf("function f%s%d() { return 's%s%d'; }\n", str_repeat('x', 150), $i, str_repeat('y', 150), $i);
        }
        $this->write('lib.php', "<?php\n".$functions);
        $script = $this->write('preload.php', "<?php\nopcache_compile_file(__DIR__.'/lib.php');\n");

        [$report, $process] = PreheatProcess::json(['verify', $script, '--ini='.$ini]);

        self::assertSame(0, $process->getExitCode(), 'a warning: PHP still starts');
        self::assertSame(1, $report['warnings'], 'thousands of overflow messages are one warning');
        self::assertSame('Interned string buffer overflow', $report['messages'][0]['message']);
        self::assertGreaterThan(100, $report['messages'][0]['count']);
        self::assertSame('opcache.interned_strings_buffer', $report['findings'][0]['setting']);
        self::assertGreaterThan(1, (int) $report['findings'][0]['value']);
    }

    public function testAScriptThatReturnsEarlyUnderTheCliFails(): void
    {
        $this->write('lib.php', "<?php\nclass Alpha {}\n");
        $script = $this->write('preload.php', "<?php\nif (PHP_SAPI === 'cli') {\n    return;\n}\nopcache_compile_file(__DIR__.'/lib.php');\n");

        [$report, $process] = PreheatProcess::json(['verify', $script]);

        self::assertSame(1, $process->getExitCode());
        self::assertSame(0, $report['preloaded']['classes']);
        self::assertStringContainsString('The script preloaded nothing', $report['findings'][0]['message']);
        self::assertStringContainsString('PHP_SAPI', $report['findings'][0]['message']);
    }

    /**
     * Symfony's config/preload.php requires the container's preload file, which returns under the CLI before it
     * requires a class: the boot compiles files but declares nothing, and must not pass as clean.
     */
    public function testAScriptWhoseRequiredFileReturnsEarlyUnderTheCliIsAWarning(): void
    {
        $this->write('Alpha.php', "<?php\nclass Alpha {}\n");
        $this->write(
            'container.preload.php',
            "<?php\nif (in_array(PHP_SAPI, ['cli', 'phpdbg', 'embed'], true)) {\n    return;\n}\nrequire __DIR__.'/Alpha.php';\n",
        );
        $script = $this->write('preload.php', "<?php\nrequire __DIR__.'/container.preload.php';\n");

        [$report, $process] = PreheatProcess::json(['verify', $script]);
        [, $strict] = PreheatProcess::json(['verify', $script, '--strict']);

        self::assertSame(0, $process->getExitCode(), 'PHP starts: a warning, not a failure');
        self::assertSame(1, $strict->getExitCode(), '--strict fails it');
        self::assertSame(0, $report['preloaded']['classes']);
        self::assertStringContainsString('but no class or function', $report['findings'][0]['message']);
        self::assertStringContainsString('a preheat bench scenario NAME='.$script, $report['findings'][0]['message']);
    }

    public function testDeprecationsAreListedInTextOutput(): void
    {
        $this->write('lib.php', "<?php\nfunction legacy(\$a = 1, \$b) {}\n");
        $script = $this->write('preload.php', "<?php\nopcache_compile_file(__DIR__.'/lib.php');\n");

        $process = PreheatProcess::run(['verify', $script]);

        self::assertSame(0, $process->getExitCode(), $process->getOutput());
        self::assertStringContainsString('1 notices/deprecations', $process->getOutput());
        // PHP 8.4 names the function first ("legacy(): Optional parameter ..."); 8.2 and 8.3 do not.
        $function = \PHP_VERSION_ID >= 80400 ? 'legacy(): ' : '';
        self::assertStringContainsString('deprecated '.$function.'Optional parameter $a declared before required parameter $b', $process->getOutput());
    }

    public function testAFileOnlyRootCanReadFailsAsThePoolUser(): void
    {
        if (!\function_exists('posix_geteuid') || 0 !== posix_geteuid()) {
            self::markTestSkipped('Only as root does verification switch to the pool\'s user: run the tests as root to check unreadable files.');
        }
        $project = FixtureProjects::copy('clean', $this->directory);
        $generated = PreheatProcess::run(['generate', '--project='.$project, '--no-cache']);
        self::assertSame(0, $generated->getExitCode(), $generated->getErrorOutput());
        // A file that became unreadable after the script was written (generate checks before it verifies).
        $secret = $project.'/vendor/acme/container/src/Container.php';
        chmod($secret, 0600);

        [$result, $process] = PreheatProcess::json(['verify', $project.'/preload.php']);

        self::assertSame(1, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame('www-data', $result['preloadUser']);
        $findings = array_column($result['findings'], 'message', 'file');
        self::assertArrayHasKey($secret, $findings);
        self::assertStringContainsString('www-data cannot read '.$secret.' (owner root, mode 0600)', $findings[$secret]);
        self::assertStringContainsString('chmod a+r', $findings[$secret]);
    }

    private function write(string $name, string $content): string
    {
        file_put_contents($this->directory->path.'/'.$name, $content);

        return $this->directory->path.'/'.$name;
    }
}
