<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Architecture;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Console\Application;
use Preheat\Tests\Support\CliGrammar;
use Preheat\Tests\Support\DocumentedCommandCheck;
use Preheat\Tests\Support\DocumentedLine;
use Preheat\Tests\Support\DocumentedShell;
use Symfony\Component\Process\Process;

/**
 * Every command line of README.md and doc/ (with its subfolders; and the examples of each command's --help) is what the
 * application, the Makefile and the repository take: a reader who pastes one gets what the text says, not
 * "option does not exist". Lines that cannot be parsed (a systemctl on a server) are in a block marked
 * `<!-- example: REASON -->`; tests/Integration/DocumentedCommandsTest.php runs the cheap ones.
 */
final class DocumentedCommandsTest extends TestCase
{
    /** Few blocks may be left unchecked, each with its reason. */
    private const MAX_EXAMPLE_BLOCKS = 4;

    /** @return iterable<string, array{string}> */
    public static function documents(): iterable
    {
        foreach (DocumentedShell::documents() as $document) {
            yield $document => [$document];
        }
    }

    #[DataProvider('documents')]
    public function testEveryCommandLineIsOneTheRepositoryTakes(string $document): void
    {
        $check = self::check();
        $problems = [];
        foreach (DocumentedShell::lines($document) as $line) {
            array_push($problems, ...$check->problems($line));
        }

        self::assertSame([], $problems, implode("\n", $problems));
    }

    #[DataProvider('documents')]
    public function testEveryShellBlockIsShellSyntax(string $document): void
    {
        $problems = self::syntaxProblems($document, (string) file_get_contents(self::root().'/'.$document));

        self::assertSame([], $problems, implode("\n", $problems));
    }

    public function testTheSyntaxCheckFindsABrokenBlock(): void
    {
        $markdown = "```sh\nmake test\n```\n\n```yaml\n- run: |\n    if [ -f x ]; then\n      make test\n```\n";

        self::assertSame(['x.md:7'], array_map(
            static fn (string $problem): string => explode(': ', $problem)[0],
            self::syntaxProblems('x.md', $markdown),
        ));
    }

    public function testFewBlocksAreMarkedAsExamplesAndEachSaysWhy(): void
    {
        $marked = [];
        foreach (DocumentedShell::documents() as $document) {
            foreach (DocumentedShell::lines($document) as $line) {
                if (null !== $line->marker && str_starts_with($line->marker, 'example')) {
                    self::assertNotNull($line->exampleReason(), $line->where().': write <!-- example: REASON -->');
                    $marked[$document.' '.$line->marker] = true;
                }
            }
        }

        self::assertLessThanOrEqual(self::MAX_EXAMPLE_BLOCKS, \count($marked), implode("\n", array_keys($marked)));
    }

    /** The examples in `preheat COMMAND --help`: where a wrong one (an option that does not exist) was found. */
    public function testEveryExampleInACommandsHelpIsOneItTakes(): void
    {
        $application = new Application();
        $check = self::check();
        $problems = [];
        $examples = 0;
        foreach (CliGrammar::COMMANDS as $name) {
            foreach (explode("\n", $application->find($name)->getProcessedHelp()) as $index => $text) {
                if (preg_match('/<info>(preheat [a-z][^<]*)<\/info>/', $text, $example)) {
                    $line = new DocumentedLine('preheat '.$name.' --help', $index + 1, $example[1], DocumentedLine::SHELL);
                    array_push($problems, ...$check->problems($line));
                    ++$examples;
                }
            }
        }

        self::assertSame([], $problems, implode("\n", $problems));
        self::assertGreaterThanOrEqual(2 * \count(CliGrammar::COMMANDS), $examples, 'the examples are <info>preheat …</info>');
    }

    /** The check finds what it is for: each wrong line below is reported, the right ones are not. */
    public function testTheCheckFindsWrongLines(): void
    {
        $markdown = <<<'MD'
            Run `preheat verify --strict` or `preheat verify --stritc`.

            ```sh
            preheat generate --strategy=hot --format=json
            preheat generate --formats=json
            preheat generate --format=yaml
            preheat bench --scenario=none,hot,all
            preheat bench --assert='hot.gainz >= 10%'
            vendor/bin/preheat verify [preload.php] [--format=text|yaml] [--strict=X] [--php=BINARY]...
            preheat frobnicate
            make demo && make no-such-target
            php scripts/no-such-script.php
            php vendor/bin/phpunit --testsuite unit && php vendor/bin/phpunit --testsuite nightly
            sudo systemctl restart php8.2-fpm
            OUT Acme\Db\PooledPostgresDriver is not preloaded.
            php artisan preheat:bench
            ```

            <!-- example: on a server -->
            ```sh
            sudo systemctl restart php8.2-fpm && preheat status --fastcgi=/run/php/php8.2-fpm.sock --wait
            ```

            ```console
            $ preheat explain 'App\Thing' --nope
            OUT App\Thing is not preloaded.
            ```

            Then `make no-such-target`, `php bench/recorder-overhead.php --nope` and `bash scripts/none.sh`.

            ```
            vendor/bin/preheat generate
            Preload plan
            ```

            ```json
            {"scripts": {"post-install-cmd": ["\"$PHP_BINARY\" vendor/bin/preheat generate --nope"]}}
            ```
            MD;
        $problems = [];
        foreach (DocumentedShell::linesOf('x.md', $markdown) as $line) {
            foreach (self::check()->problems($line) as $problem) {
                $problems[] = preg_replace('/: `.*?`: /', ': ', $problem);
            }
        }

        self::assertSame([
            'x.md:1: preheat verify refuses it: The "--stritc" option does not exist.',
            'x.md:5: preheat generate refuses it: The "--formats" option does not exist.',
            'x.md:6: --format takes text, json, not yaml',
            'x.md:8: preheat bench refuses it (exit 2): Invalid assertion "hot.gainz >= 10%" at column 5: unknown property "gainz"; one of gain, change, memory, startup, warnings.'
                ."\n  hot.gainz >= 10%\n      ^",
            'x.md:9: --format takes text|json, not text|yaml',
            'x.md:9: --strict takes no value',
            'x.md:9: --php is given once: no `...`',
            'x.md:10: preheat has no command frobnicate',
            'x.md:11: the Makefile has no target no-such-target',
            'x.md:12: scripts/no-such-script.php is not a file of this repository',
            'x.md:13: phpunit.xml.dist has no test suite nightly',
            'x.md:14: `systemctl` is not a command this test knows (preheat, make, php SCRIPT, composer, plain shell): '
                .'fix the line, run it in tests/Integration/DocumentedCommandsTest.php, or mark the block <!-- example: REASON --> if it cannot be parsed',
            'x.md:15: `OUT` is not a command this test knows (preheat, make, php SCRIPT, composer, plain shell): '
                .'fix the line, run it in tests/Integration/DocumentedCommandsTest.php, or mark the block <!-- example: REASON --> if it cannot be parsed',
            'x.md:16: the frameworks\' consoles have preheat:generate and preheat:status only',
            'x.md:21: preheat status refuses it: The "--wait" option requires a value.',
            'x.md:25: preheat explain refuses it: The "--nope" option does not exist.',
            'x.md:29: the Makefile has no target no-such-target',
            'x.md:29: bench/recorder-overhead.php reads no option --nope',
            'x.md:29: scripts/none.sh is not a file of this repository',
            'x.md:32: reads as a command in a block of output: write it as a `$ ` line, or tag the block ```sh',
            'x.md:37: preheat generate refuses it: The "--nope" option does not exist.',
        ], $problems);
    }

    /** @return list<string> each block `bash -n` refuses, with where it starts and what bash says */
    private static function syntaxProblems(string $document, string $markdown): array
    {
        $problems = [];
        foreach (DocumentedShell::shellBlocks($markdown) as $block) {
            $bash = new Process(['bash', '-n'], null, null, $block['code'], 10);
            $bash->run();
            if (0 !== $bash->getExitCode()) {
                $problems[] = \sprintf('%s:%d: bash -n: %s', $document, $block['line'], trim($bash->getErrorOutput()));
            }
        }

        return $problems;
    }

    private static function check(): DocumentedCommandCheck
    {
        return new DocumentedCommandCheck(new Application(), self::root());
    }

    private static function root(): string
    {
        return \dirname(__DIR__, 3);
    }
}
