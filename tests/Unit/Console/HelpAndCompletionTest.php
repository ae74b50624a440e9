<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Console\Application;
use Symfony\Component\Console\Tester\CommandCompletionTester;

final class HelpAndCompletionTest extends TestCase
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
    public function testEveryCommandHasHelpWithExamplesAndExitCodes(string $name): void
    {
        $help = (new Application())->find($name)->getProcessedHelp();

        self::assertStringContainsString('Examples:', $help);
        self::assertStringContainsString('preheat '.$name, $help, 'the examples run the command');
        self::assertStringContainsString('Exit codes:', $help);
    }

    #[DataProvider('commands')]
    public function testEveryCommandTakesFormatTextAndJsonAndSuggestsItsValues(string $name): void
    {
        $command = (new Application())->find($name);
        self::assertTrue($command->getDefinition()->hasOption('format'));

        $suggested = (new CommandCompletionTester($command))->complete(['--format=']);

        self::assertContains('text', $suggested);
        self::assertContains('json', $suggested);
    }

    /** @return iterable<string, array{string, string, list<string>}> */
    public static function enumOptions(): iterable
    {
        yield 'generate --strategy' => ['generate', 'strategy', ['paths', 'all', 'hot', 'trace']];
        yield 'bench --runtime' => ['bench', 'runtime', ['fpm', 'mod_php', 'worker']];
        yield 'bench --tool' => ['bench', 'tool', ['wrk', 'ab', 'cgi', 'callgrind']];
        yield 'bench --schedule' => ['bench', 'schedule', ['together', 'turns']];
        yield 'bench --format' => ['bench', 'format', ['text', 'md', 'json']];
    }

    /** @param list<string> $values */
    #[DataProvider('enumOptions')]
    public function testAnEnumOptionSuggestsItsValues(string $name, string $option, array $values): void
    {
        $suggested = (new CommandCompletionTester((new Application())->find($name)))->complete(['--'.$option.'=']);

        foreach ($values as $value) {
            self::assertContains($value, $suggested);
        }
    }

    #[DataProvider('commands')]
    public function testProjectMeansTheProjectDirectoryWhereverOneMatters(string $name): void
    {
        $definition = (new Application())->find($name)->getDefinition();

        // verify reads a script and a php.ini, bench its preheat.json's project; the rest take --project.
        self::assertSame(!\in_array($name, ['verify'], true), $definition->hasOption('project'));
    }
}
