<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console;

use PHPUnit\Framework\TestCase;
use Preheat\Console\Application;
use Preheat\Console\Option\OptionAliases;
use Preheat\Tests\Support\CliGrammar;
use Symfony\Component\Console\Tester\CommandCompletionTester;

/** The same idea has the same option in every command, and doc/commands.md's table is the one the application makes. */
final class OneNamePerIdeaTest extends TestCase
{
    public function testEveryIdeaHasOneNameAcrossCommands(): void
    {
        $used = ['project' => [], 'pool user' => [], 'usage store' => [], 'page' => [], 'URL' => []];
        foreach (CliGrammar::ofApplication(new Application()) as $command => $definition) {
            foreach (CliGrammar::NAMES as $idea => $names) {
                foreach ($names as $name) {
                    if (isset($definition['options'][$name])) {
                        $used[$idea][$name][] = $command;
                    }
                }
            }
            foreach ($definition['options'] as $name => $description) {
                if (str_contains($name, 'url')) {
                    $used[CliGrammar::isPage($description) ? 'page' : 'URL'][$name][] = $command;
                }
            }
        }

        self::assertSame(['project'], array_keys($used['project']));
        self::assertSame(['pool-user'], array_keys($used['pool user']));
        self::assertSame(['store'], array_keys($used['usage store']));
        self::assertSame(['url'], array_keys($used['page']));
        self::assertSame(['status-url'], array_keys($used['URL']));
        self::assertSame(['generate', 'explain', 'record', 'usage', 'bench'], $used['usage store']['store'] ?? []);
    }

    public function testNoOldNameIsAnOptionOfItsCommand(): void
    {
        $application = new Application();
        foreach (CliGrammar::COMMANDS as $command) {
            $definition = $application->find($command)->getDefinition();
            foreach (array_keys(OptionAliases::of($command)) as $old) {
                $name = ltrim($old, '-');
                self::assertFalse(
                    str_starts_with($old, '--') ? $definition->hasOption($name) : $definition->hasShortcut($name),
                    $command.' '.$old,
                );
            }
        }
    }

    /** --format lists the same values in its help as completion suggests; text and json everywhere. */
    public function testEveryFormatSaysTheValuesItTakes(): void
    {
        $application = new Application();
        foreach (CliGrammar::COMMANDS as $command) {
            $described = CliGrammar::formats($application->find($command)->getDefinition()->getOption('format')->getDescription());
            $suggested = (new CommandCompletionTester($application->find($command)))->complete(['--format=']);

            self::assertSame($suggested, $described, $command);
            self::assertContains('text', $described);
            self::assertContains('json', $described);
        }
    }

    public function testTheTableInTheDocumentationIsTheOneTheApplicationMakes(): void
    {
        $before = CliGrammar::ofListJson((string) file_get_contents(CliGrammar::BEFORE_FIXTURE));
        $table = CliGrammar::table($before, CliGrammar::ofApplication(new Application()));
        $doc = (string) file_get_contents(\dirname(__DIR__, 3).'/doc/commands.md');

        self::assertStringContainsString(
            "<!-- cli-table: start -->\n".$table.'<!-- cli-table: end -->',
            $doc,
            'run php scripts/cli-table.php --write=doc/commands.md',
        );
    }
}
