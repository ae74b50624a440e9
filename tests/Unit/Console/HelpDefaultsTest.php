<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Console\Application;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * Help is read on one machine and the command run on another (a README, a CI log, a colleague's terminal): a default
 * says what it means ("the PHP running Preheat"), never what it comes to where help ran (/usr/bin/php8.2).
 */
final class HelpDefaultsTest extends TestCase
{
    private const COMMANDS = ['generate', 'verify', 'explain', 'doctor', 'status', 'record', 'usage', 'bench'];

    /** @return iterable<string, array{string}> */
    public static function commands(): iterable
    {
        foreach (self::COMMANDS as $name) {
            yield $name => [$name];
        }
    }

    #[DataProvider('commands')]
    public function testNoOptionDefaultsToAPathOfTheMachine(string $name): void
    {
        $definition = (new Application())->find($name)->getDefinition();
        $machine = [\PHP_BINARY, (string) getcwd(), sys_get_temp_dir(), (string) getenv('HOME')];

        foreach ([...$definition->getOptions(), ...$definition->getArguments()] as $input) {
            foreach ((array) $input->getDefault() as $default) {
                if (!\is_string($default)) {
                    continue;
                }
                self::assertFalse(str_starts_with($default, '/'), $name.' '.$input->getName().' defaults to '.$default);
                self::assertNotContains($default, $machine, $name.' '.$input->getName());
            }
        }
    }

    /**
     * Run where the PHP on PATH, the home, the temp and the working directories are all in a temp directory of
     * the test's: none of them may appear in any command's help.
     */
    #[DataProvider('commands')]
    public function testHelpShowsNoPathOfTheMachineItRunsOn(string $name): void
    {
        $directory = new TemporaryDirectory();
        try {
            $bin = $directory->path.'/bin';
            mkdir($bin);
            symlink(\PHP_BINARY, $bin.'/php');
            foreach (['home', 'tmp', 'cwd'] as $sub) {
                mkdir($directory->path.'/'.$sub);
            }
            $process = new Process(
                ['php', \dirname(__DIR__, 3).'/bin/preheat', 'help', $name],
                $directory->path.'/cwd',
                [
                    'PATH' => $bin.':'.getenv('PATH'),
                    'HOME' => $directory->path.'/home',
                    'TMPDIR' => $directory->path.'/tmp',
                    'XDG_CACHE_HOME' => $directory->path.'/home/.cache',
                    'COLUMNS' => '200',
                ],
                null,
                60,
            );
            $process->mustRun();

            self::assertStringContainsString('Usage:', $process->getOutput());
            self::assertStringNotContainsString($directory->path, $process->getOutput());
            self::assertStringNotContainsString('[default: "/', $process->getOutput());
        } finally {
            $directory->remove();
        }
    }

    /** @return iterable<string, array{string}> */
    public static function commandsWithPhp(): iterable
    {
        foreach (['generate', 'verify', 'explain', 'doctor', 'status', 'bench'] as $name) {
            yield $name => [$name];
        }
    }

    #[DataProvider('commandsWithPhp')]
    public function testPhpSaysItsDefaultAsARule(string $name): void
    {
        $option = (new Application())->find($name)->getDefinition()->getOption('php');

        self::assertNull($option->getDefault());
        self::assertStringContainsString('the PHP running Preheat', $option->getDescription());
    }
}
