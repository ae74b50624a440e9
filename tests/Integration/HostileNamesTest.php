<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * Nothing Preheat writes into PHP carries a string from outside unescaped: for roots, file names,
 * namespaces and class names of every hostile kind, `generate` writes a script that lints clean, that
 * PHP preloads, and that runs none of the code hidden in the names (a marker file is never created).
 */
#[Group('integration')]
final class HostileNamesTest extends TestCase
{
    /** PHP that creates the marker, written without a slash (a path part cannot hold one). */
    private const PAYLOAD = "file_put_contents(sys_get_temp_dir().chr(47).'MARKER', 'ran');";

    private TemporaryDirectory $directory;

    private string $marker;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $this->marker = 'preheat-injected-'.bin2hex(random_bytes(6));
    }

    protected function tearDown(): void
    {
        @unlink(sys_get_temp_dir().'/'.$this->marker);
        $this->directory->remove();
    }

    /** @return iterable<string, array{string, string}> the root's path under the project, the file's name */
    public static function names(): iterable
    {
        // The reproduction of the issue: the root's path ends the header's comment.
        yield 'root closing the header comment' => ['ev*/ PAYLOAD /*x', 'C.php'];
        yield 'root with a line break faking a header line' => ["a\n * preheat-refused: {\"class\":\"InjRoot\",\"why\":\"x\"}\n*/ PAYLOAD /*", 'C.php'];
        yield 'root with a close tag and an open tag' => ['x ?> <?php PAYLOAD ?>', 'C.php'];
        yield 'root with quotes, backslashes and dollars' => ["q'\"\\\\\$x{\$y}'.PAYLOAD.'", 'C.php'];
        yield 'root with binary bytes and control characters' => ["b\xff\xfe\x01\x1b\t*/PAYLOAD/*", 'C.php'];
        yield 'file name closing a string' => ['src', "C'.PAYLOAD.'.php"];
        yield 'file name with a close tag' => ['src', 'C?>PAYLOAD<?php.php'];
        yield 'file name with a line break and a close tag' => ['src', "C\n?>PAYLOAD<?php\n.php"];
        yield 'file name with dollars and backslashes' => ['src', 'C${x}\\\'$y\\.php'];
    }

    #[DataProvider('names')]
    public function testNothingInANameRunsWhenTheScriptIsLoaded(string $root, string $file): void
    {
        $payload = str_replace('MARKER', $this->marker, self::PAYLOAD);
        $project = $this->directory->path.'/project';
        $rootPath = $project.'/'.str_replace('PAYLOAD', $payload, $root);
        mkdir($rootPath, 0755, true);
        file_put_contents($rootPath.'/'.str_replace('PAYLOAD', $payload, $file), "<?php\nclass InjRoot {}\n");

        $this->generateAndLoad($project, $rootPath, 'InjRoot');
        $explain = PreheatProcess::run(['explain', 'InjRoot', '--project='.$project, '--path='.$rootPath, '--no-cache']);
        self::assertSame(0, $explain->getExitCode(), $explain->getOutput().$explain->getErrorOutput());
        self::assertStringStartsWith('IN  InjRoot', $explain->getOutput(), 'explain read a faked header line as a drop');
    }

    public function testConsoleMarkupInAProjectsPathsIsPrintedAsWritten(): void
    {
        $root = $this->directory->path.'/<error>app</error>';
        mkdir($root.'/src/<fg=red>', 0o777, true);
        file_put_contents($root.'/src/<fg=red>/Boot.php', "<?php\ndefine('X', 1);\nclass Boot {}\n");
        file_put_contents($root.'/src/Fine.php', "<?php\nclass Fine {}\n");

        $process = PreheatProcess::run(['generate', '--project='.$root, '--no-cache', '--ansi', '-v']);

        self::assertSame(0, $process->getExitCode(), $process->getOutput().$process->getErrorOutput());
        $output = $process->getOutput();
        self::assertStringContainsString('for '.$root, $output);
        self::assertStringContainsString('src/<fg=red>/Boot.php', $output);
        self::assertStringNotContainsString("\e[37;41m", $output, 'no text styled by a tag from a path');
        self::assertStringContainsString("\e[33mWarning\e[39m", $output, 'Preheat\'s own markup still styles');

        $explain = PreheatProcess::run(['explain', 'src/<fg=red>/Boot.php', '--project='.$root, '--no-cache', '--ansi']);

        self::assertStringContainsString('src/<fg=red>/Boot.php', $explain->getOutput(), $explain->getErrorOutput());
        self::assertStringContainsString("\e[33mOUT\e[39m", $explain->getOutput());
    }

    public function testUnicodeAndBinaryNamespacesAndClassNames(): void
    {
        $project = $this->directory->path.'/names';
        mkdir($project.'/src', 0755, true);
        file_put_contents($project.'/src/Unicode.php', "<?php\nnamespace Ünïcødé\\Naïve;\nclass Café {}\ninterface Ωmega {}\nfinal class Straße extends Café implements Ωmega {}\n");
        file_put_contents($project.'/src/Binary.php', "<?php\nnamespace Bin\xe9;\nclass Caf\xe9 {}\n");

        $this->generateAndLoad($project, $project.'/src', 'Ünïcødé\\Naïve\\Straße');
    }

    private function generateAndLoad(string $project, string $root, string $class): void
    {
        $generate = PreheatProcess::run(['generate', '--project='.$project, '--path='.$root, '--no-cache', '--strict']);
        self::assertSame(0, $generate->getExitCode(), $generate->getOutput().$generate->getErrorOutput());
        self::assertFileDoesNotExist(sys_get_temp_dir().'/'.$this->marker, 'generate\'s own verification ran code from a name');
        $script = $project.'/preload.php';
        self::assertFileExists($script);

        $lint = new Process([\PHP_BINARY, '-n', '-l', $script]);
        $lint->run();
        self::assertSame(0, $lint->getExitCode(), $lint->getOutput().$lint->getErrorOutput());

        // As php-fpm loads it (opcache.preload), then as a plain include.
        $preload = ['-d', 'opcache.enable=1', '-d', 'opcache.enable_cli=1', '-d', 'opcache.preload='.$script];
        if (0 === posix_geteuid()) {
            array_push($preload, '-d', 'opcache.preload_user=root');
        }
        $boot = new Process([\PHP_BINARY, ...$preload, '-r', 'echo class_exists('.var_export($class, true).', false) ? "preloaded" : "missing";']);
        $boot->run();
        self::assertSame('preloaded', $boot->getOutput(), $boot->getErrorOutput());
        self::assertSame('', $boot->getErrorOutput());
        $include = new Process([\PHP_BINARY, '-n', $script]);
        $include->run();
        self::assertFileDoesNotExist(sys_get_temp_dir().'/'.$this->marker, 'a name in the script ran as code');

        $header = (string) file_get_contents($script);
        self::assertDoesNotMatchRegularExpression('/^ \* preheat-refused: /m', $header, 'a name faked a header line');
    }
}
