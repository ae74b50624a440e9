<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Console\Application;
use Preheat\Console\Option\OptionAliases;
use Preheat\Plan\Strategy\Strategies;
use Symfony\Component\Console\Input\ArgvInput;
use Symfony\Component\Console\Output\BufferedOutput;

final class OptionAliasesTest extends TestCase
{
    /** @return iterable<string, array{string, list<string>, list<string>}> */
    public static function oldNames(): iterable
    {
        yield 'generate --user' => ['generate', ['--user=nobody', '--format', 'json'], ['--pool-user=nobody', '--format', 'json']];
        yield 'generate --usage VALUE' => ['generate', ['--usage', 'u.log'], ['--store', 'u.log']];
        yield 'verify --user' => ['verify', ['--user', 'nobody', 'p.php'], ['--pool-user', 'nobody', 'p.php']];
        yield 'bench --user' => ['bench', ['--user=www-data'], ['--pool-user=www-data']];
        yield 'explain -o VALUE' => ['explain', ['-o', 'p.php', 'Foo'], ['--script', 'p.php', 'Foo']];
        yield 'explain -oVALUE' => ['explain', ['-op.php', 'Foo'], ['--script=p.php', 'Foo']];
        yield 'explain --output= and --usage=' => ['explain', ['--output=p.php', '--usage=u.log', 'Foo'], ['--script=p.php', '--store=u.log', 'Foo']];
        yield 'status --url' => ['status', ['--url=http://127.0.0.1/probe.php'], ['--status-url=http://127.0.0.1/probe.php']];
    }

    /**
     * @param list<string> $tokens
     * @param list<string> $expected
     */
    #[DataProvider('oldNames')]
    public function testAnOldNameBecomesTheCurrentOneWithANotice(string $command, array $tokens, array $expected): void
    {
        [$rewritten, $notices] = OptionAliases::rewrite($command, $tokens);

        self::assertSame($expected, $rewritten);
        self::assertCount(\count(array_diff_assoc($tokens, $expected)), $notices, 'one notice per old name');
        self::assertStringContainsString('is deprecated and will be removed: use --', $notices[0]);
    }

    public function testCurrentNamesOtherCommandsAndWhatFollowsADoubleDashStayAsTheyAre(): void
    {
        self::assertSame([['--pool-user=x', '--store=y'], []], OptionAliases::rewrite('generate', ['--pool-user=x', '--store=y']));
        // generate's --url (pages to trace) and -o (the script it writes) are not old names there.
        self::assertSame([['--url=/', '-o', 'p.php'], []], OptionAliases::rewrite('generate', ['--url=/', '-o', 'p.php']));
        self::assertSame([['--url=/'], []], OptionAliases::rewrite('bench', ['--url=/']));
        self::assertSame([['--', '--user=x'], []], OptionAliases::rewrite('verify', ['--', '--user=x']));
        self::assertSame([['--user=x'], []], OptionAliases::rewrite('record', ['--user=x']));
    }

    public function testTheOldNameStillWorksOnTheCommandLineAndSaysWhichToUse(): void
    {
        $application = new Application();
        $application->setAutoExit(false);
        $output = new BufferedOutput();

        // status's --url is now --status-url: given with --fastcgi, the error names the new one; an old name no
        // command knows would be an unknown option instead.
        $exit = $application->run(new ArgvInput(['preheat', 'status', '--url=http://127.0.0.1:1/p.php', '--fastcgi=127.0.0.1:1']), $output);

        $text = $output->fetch();
        self::assertSame(2, $exit);
        self::assertStringContainsString('preheat status: --url is deprecated and will be removed: use --status-url.', $text);
        self::assertStringContainsString('give one of --fastcgi', $text);
        self::assertStringNotContainsString('does not exist', $text);
    }

    public function testEveryOptionAStrategyTakesIsAnOptionOfGenerate(): void
    {
        $generate = (new Application())->find('generate')->getDefinition();

        foreach (Strategies::standard()->all() as $kind) {
            foreach (array_keys($kind->options()) as $option) {
                self::assertTrue($generate->hasOption($option), $kind->name().' takes --'.$option);
            }
        }
    }

    public function testOldNamesAreNotInHelp(): void
    {
        $application = new Application();
        foreach (['generate' => ['user', 'usage'], 'verify' => ['user'], 'bench' => ['user'], 'explain' => ['output', 'usage'], 'status' => ['url']] as $command => $old) {
            foreach ($old as $name) {
                self::assertFalse($application->find($command)->getDefinition()->hasOption($name), $command.' --'.$name);
            }
        }
    }
}
