<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\CliGrammar;
use Preheat\Tests\Support\DocumentedLine;
use Preheat\Tests\Support\DocumentedShell;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\ShellWords;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/**
 * The documented command lines that are cheap to run, run as written (`preheat` and `vendor/bin/preheat` are
 * this clone's bin/preheat) in a copy of the project the documentation's example output comes from: their exit
 * code is what the text says or implies, and their output is the one shown. Every other line is parsed by
 * tests/Unit/Architecture/DocumentedCommandsTest.php; deploying.md's recipe is run by DeployTest.
 */
final class DocumentedCommandsTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $app;

    /** @var array<string, string> */
    private array $environment;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory('preheat-documented-');
        // commands.md's generate and explain examples are of a project with an optional package missing.
        $this->app = FixtureProjects::copy('missing-parent', $this->directory);
        $bin = $this->directory->path.'/bin';
        mkdir($bin);
        mkdir($this->app.'/vendor/bin');
        $preheat = \dirname(__DIR__, 2).'/bin/preheat';
        symlink($preheat, $bin.'/preheat');
        symlink($preheat, $this->app.'/vendor/bin/preheat');
        $this->environment = [
            'PATH' => $bin.':'.(string) getenv('PATH'),
            'XDG_CACHE_HOME' => $this->directory->path.'/cache',
            'COLUMNS' => '',
        ];
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testCommandsGenerateExampleRunsAndPrintsWhatTheDocumentationShows(): void
    {
        $line = self::documented('doc/commands.md', 'vendor/bin/preheat generate');
        $run = $this->shell($line->text);

        self::assertSame(0, $run->getExitCode(), $line->where().' implies success ("Wrote"): '.$run->getErrorOutput());
        // The plan is the same everywhere; the verification names this machine's PHP, php.ini and timings.
        $plan = [];
        $shape = [];
        $verifying = false;
        foreach (DocumentedShell::output($line) as $shown) {
            $verifying = $verifying || str_starts_with($shown, 'Verify ');
            if ('...' === trim($shown)) {
                continue;
            }
            if ($verifying) {
                $shape[] = strtok(trim($shown), ' ');
            } else {
                $plan[] = str_replace('/srv/app', $this->app, $shown);
            }
        }
        $printed = explode("\n", $run->getOutput());
        self::assertSame([], array_values(array_diff($plan, $printed)), $line->where().': shown, not printed');
        $verifyAt = array_search(true, array_map(static fn (string $l): bool => str_starts_with($l, 'Verify '), $printed), true);
        self::assertIsInt($verifyAt, 'generate verified the script');
        $printedShape = array_map(
            static fn (string $l): string => (string) strtok(trim($l), ' '),
            \array_slice($printed, $verifyAt, \count($shape)),
        );
        self::assertSame($shape, $printedShape, $line->where().': the verification\'s lines, by their first word');
    }

    public function testCommandsExplainExampleRunsAndPrintsWhatTheDocumentationShows(): void
    {
        $line = self::documented('doc/commands.md', "vendor/bin/preheat explain 'Acme\\Db\\PooledPostgresDriver'");
        $run = $this->shell($line->text);

        self::assertSame(0, $run->getExitCode(), $line->where().': '.$run->getErrorOutput());
        self::assertSame(DocumentedShell::output($line), explode("\n", rtrim($run->getOutput(), "\n")), $line->where());
    }

    /**
     * README's quick start generates the script (exit 0), which `preheat verify` boots without a fatal (exit 0,
     * "OK"); its status line then asks a php-fpm that is not there
     * (its socket path in a directory of the test): exit 3, as `status --help` says for a php-fpm that cannot be
     * reached, with the address it tried.
     */
    public function testReadmeGenerateThenStatusAgainstAnAbsentServer(): void
    {
        $generate = self::documented('README.md', 'preheat generate');
        $run = $this->shell(self::withoutComment($generate->text));
        self::assertSame(0, $run->getExitCode(), $generate->where().': '.$run->getErrorOutput());
        self::assertFileExists($this->app.'/preload.php', $generate->where().' says it writes preload.php');
        $verify = self::documented('README.md', 'preheat verify');
        $run = $this->shell($verify->text);
        self::assertSame(0, $run->getExitCode(), $verify->where().': '.$run->getOutput().$run->getErrorOutput());
        self::assertStringContainsString(': OK', $run->getOutput());

        $line = self::documented('README.md', 'preheat status preload.php --fastcgi=/run/php/php8.2-fpm.sock');
        $absent = $this->directory->path.'/absent/php-fpm.sock';
        $run = $this->shell(str_replace('/run/php/php8.2-fpm.sock', $absent, self::withoutComment($line->text)));

        self::assertSame(3, $run->getExitCode(), $line->where().': '.$run->getOutput().$run->getErrorOutput());
        self::assertStringContainsString('cannot reach php-fpm at '.$absent, $run->getErrorOutput());
    }

    /**
     * deploying.md's CI job, its preheat steps as written, with tools/preheat.phar this clone's bin/preheat and
     * deploy/php-fpm.ini and deploy/www.conf a stock php.ini and pool: each step passes (exit 0), doctor's too
     * (a warning, exit 1, passes as the job says).
     */
    public function testDeployingCiJobsPreheatStepsPass(): void
    {
        mkdir($this->app.'/tools');
        mkdir($this->app.'/deploy');
        symlink(\dirname(__DIR__, 2).'/bin/preheat', $this->app.'/tools/preheat.phar');
        copy(\dirname(__DIR__).'/Fixtures/doctor/stock/php.ini', $this->app.'/deploy/php-fpm.ini');
        copy(\dirname(__DIR__).'/Fixtures/doctor/stock/pool.d/www.conf', $this->app.'/deploy/www.conf');
        $steps = array_filter(
            DocumentedShell::lines('doc/deploying.md'),
            static fn (DocumentedLine $line): bool => DocumentedLine::CI_STEP === $line->kind
                && str_starts_with($line->text, 'php tools/preheat.phar '),
        );

        self::assertCount(3, $steps, 'doc/deploying.md: the CI job\'s generate, verify and doctor steps');
        foreach ($steps as $step) {
            $run = $this->shell($step->text);
            self::assertSame(0, $run->getExitCode(), $step->where().': '.$run->getOutput().$run->getErrorOutput());
        }
    }

    /** Each command's --help, which carries the examples the unit test parses, runs and exits 0. */
    public function testEveryCommandsHelpRuns(): void
    {
        foreach (CliGrammar::COMMANDS as $command) {
            $run = $this->shell('preheat '.$command.' --help');

            self::assertSame(0, $run->getExitCode(), $command.': '.$run->getErrorOutput());
            self::assertStringContainsString('preheat '.$command, $run->getOutput());
        }
    }

    /** Composer's flags in the documentation are options of their command, as the installed Composer says. */
    public function testDocumentedComposerFlagsAreComposersOwn(): void
    {
        if (null === (new ExecutableFinder())->find('composer')) {
            self::markTestSkipped('no composer on PATH');
        }
        $options = [];
        $unknown = [];
        $flags = 0;
        foreach (DocumentedShell::documents() as $document) {
            foreach (DocumentedShell::lines($document) as $line) {
                foreach (ShellWords::commands($line->text) as $words) {
                    if ('composer' !== $words[0] || !isset($words[1])) {
                        continue;
                    }
                    $options[$words[1]] ??= $this->composerOptions($words[1]);
                    foreach (\array_slice($words, 2) as $flag) {
                        if (str_starts_with($flag, '--')) {
                            ++$flags;
                            if (!\in_array(substr(explode('=', $flag)[0], 2), $options[$words[1]], true)) {
                                $unknown[] = $line->where().': composer '.$words[1].' '.$flag;
                            }
                        }
                    }
                }
            }
        }

        self::assertGreaterThan(0, $flags, 'the documentation gives composer flags');
        self::assertSame([], $unknown);
    }

    /** @return list<string> */
    private function composerOptions(string $command): array
    {
        $help = $this->shell('composer help '.escapeshellarg($command).' --format=json --no-interaction');
        self::assertSame(0, $help->getExitCode(), $command.': '.$help->getErrorOutput());
        $definition = json_decode($help->getOutput(), true, 64, \JSON_THROW_ON_ERROR);
        \assert(\is_array($definition));

        return array_map('strval', array_keys((array) ($definition['definition']['options'] ?? [])));
    }

    private function shell(string $commandLine): Process
    {
        $process = new Process(['bash', '-c', $commandLine], $this->app, $this->environment, null, 60);
        $process->run();

        return $process;
    }

    private static function documented(string $document, string $text): DocumentedLine
    {
        foreach (DocumentedShell::lines($document) as $line) {
            if ($text === self::withoutComment($line->text)) {
                return $line;
            }
        }
        self::fail(\sprintf('%s no longer has the line `%s` this test runs: run the line that replaced it', $document, $text));
    }

    private static function withoutComment(string $text): string
    {
        return rtrim((string) preg_replace('/\s+#\s.*$/', '', $text));
    }
}
