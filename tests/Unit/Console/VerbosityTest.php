<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Console\Application;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\UsageBatch;
use Symfony\Component\Console\Output\OutputInterface;
use Symfony\Component\Console\Tester\ApplicationTester;

/** -v, -vv and -vvv mean the same on every command: each help says so, with what the command adds of its own. */
final class VerbosityTest extends TestCase
{
    private const SHARED = [
        '-v    more detail in the results: every item of a list that is otherwise cut short',
        '-vv   also where the time went, on stderr',
        '-vvv  also every program Preheat runs, as a line to paste into a shell (its directory and environment too),'
        .' and every configuration file it writes for a server, on stderr',
    ];

    /** @return iterable<string, array{string, ?string, ?string}> command, what -v adds, what -vv adds */
    public static function commands(): iterable
    {
        $timings = 'the timing table: ';
        yield 'generate' => ['generate', 'every file left out and every path skipped or link followed', $timings];
        yield 'verify' => ['verify', 'every start-up message, not the first 30', $timings];
        yield 'explain' => ['explain', null, $timings];
        yield 'doctor' => ['doctor', null, 'the same as -v'];
        yield 'status' => ['status', null, 'the same as -v'];
        yield 'record' => ['record', null, 'the same as -v'];
        yield 'usage' => ['usage', 'every file recorded, unless --top is given', 'the same as -v'];
        yield 'bench' => ['bench', null, 'the same as -v: each round'];
    }

    #[DataProvider('commands')]
    public function testEveryCommandsHelpStatesTheSharedMeaningAndWhatItAdds(string $name, ?string $verbose, ?string $veryVerbose): void
    {
        $application = new Application();
        $help = strip_tags($application->find($name)->getProcessedHelp());
        $section = substr($help, (int) strpos($help, 'Verbosity (the same on every command):'));

        self::assertStringContainsString('Verbosity (the same on every command):', $help);
        $lines = array_map('trim', explode("\n", $section));
        foreach (self::SHARED as $shared) {
            self::assertContains($shared, $lines);
        }
        $here = array_values(array_filter($lines, static fn (string $line): bool => str_starts_with($line, 'here: ')));
        $expected = array_values(array_filter([$verbose, $veryVerbose]));
        self::assertCount(\count($expected), $here, $section);
        foreach ($expected as $i => $start) {
            self::assertStringStartsWith('here: '.$start, $here[$i]);
        }
        self::assertCount(3 + \count($expected) + 1, $lines, 'the section ends the help: '.$section);
    }

    public function testTheGlobalOptionSaysWhatEachLevelAdds(): void
    {
        $option = (new Application())->getDefinition()->getOption('verbose');

        self::assertSame('v|vv|vvv', $option->getShortcut());
        self::assertStringContainsString('-vvv: also every program run and every server configuration file', $option->getDescription());
    }

    public function testUsageListsEveryFileWithVerboseUnlessTopIsGiven(): void
    {
        $directory = new TemporaryDirectory();
        try {
            $store = $directory->path.'/usage.log';
            $files = [];
            for ($i = 1; $i <= 25; ++$i) {
                $files[\sprintf('/app/src/F%02d.php', $i)] = $i;
            }
            (new FileUsageStore($store))->append(new UsageBatch(25, $files, 1_700_000_000, 1_700_000_060));

            $count = static function (array $arguments, int $verbosity) use ($store): int {
                $application = new Application();
                $application->setAutoExit(false);
                $tester = new ApplicationTester($application);
                $tester->run(['command' => 'usage', '--store' => $store, '--format' => 'json', ...$arguments], ['verbosity' => $verbosity]);
                self::assertSame(0, $tester->getStatusCode(), $tester->getDisplay());
                $json = json_decode($tester->getDisplay(), true);
                self::assertIsArray($json);

                return \count($json['top']);
            };

            self::assertSame(20, $count([], OutputInterface::VERBOSITY_NORMAL), 'the first 20 by default');
            self::assertSame(25, $count([], OutputInterface::VERBOSITY_VERBOSE), '-v: all');
            self::assertSame(3, $count(['--top' => '3'], OutputInterface::VERBOSITY_VERBOSE), '--top given: as given');
        } finally {
            $directory->remove();
        }
    }
}
