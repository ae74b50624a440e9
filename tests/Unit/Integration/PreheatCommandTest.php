<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Integration;

use PHPUnit\Framework\TestCase;
use Preheat\Integration\PreheatCli;
use Preheat\Integration\PreheatCommand;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Console\Application;
use Symfony\Component\Console\Input\ArgvInput;
use Symfony\Component\Console\Input\ArrayInput;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\BufferedOutput;

/**
 * The framework commands hand Preheat's CLI the options given after their name, less the app console's own
 * (`--env`), and return its exit code: checked against a stand-in CLI that prints what it got.
 */
final class PreheatCommandTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $binary;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $this->binary = $this->directory->path.'/fake-preheat';
        file_put_contents($this->binary, <<<'PHP'
            <?php
            echo json_encode(['cwd' => getcwd(), 'argv' => array_slice($argv, 1)]);
            fwrite(STDERR, 'to stderr');
            exit(5);
            PHP);
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testOptionsGoToPreheatAndTheAppsOwnStayBehind(): void
    {
        $output = new BufferedOutput();
        $code = $this->application()->run(new ArgvInput([
            'bin/console', '-e', 'prod', 'preheat:gen', '--strategy=hot', '--budget', '12M', '--env=prod',
            '--no-debug', '-v', 'preload.php', '--', '--env',
        ]), $output);

        self::assertSame(5, $code, 'Preheat\'s exit code');
        $text = $output->fetch();
        self::assertStringEndsWith('to stderr', $text, 'stderr is handed on (to the output without an error output)');
        self::assertSame(
            ['cwd' => $this->directory->path, 'argv' => [
                'generate', '--strategy=hot', '--budget', '12M', '-v', 'preload.php', '--', '--env',
            ]],
            json_decode(substr($text, 0, -\strlen('to stderr')), true),
        );
    }

    public function testParametersOfACallFromCode(): void
    {
        $application = $this->application();
        foreach ([['command' => 'preheat:status'], ['preheat:status']] as $name) {
            $output = new BufferedOutput();
            $code = $application->run(
                new ArrayInput(
                    [...$name, 'script' => 'preload.php', '--fastcgi' => '127.0.0.1:9000', '--strict' => true],
                ),
                $output,
            );
            self::assertSame(5, $code);
            self::assertSame(
                ['status', 'preload.php', '--fastcgi=127.0.0.1:9000', '--strict'],
                json_decode(substr($output->fetch(), 0, -\strlen('to stderr')), true)['argv'] ?? null,
            );
        }
    }

    public function testAMissingCliIsExitTwoWithWhatToSet(): void
    {
        $application = new Application();
        $application->setAutoExit(false);
        foreach (PreheatCommand::all($this->directory->path, 'preheat.phar') as $command) {
            $application->add($command);
        }
        $output = new BufferedOutput();

        self::assertSame(2, $application->run(new ArgvInput(['bin/console', 'preheat:generate']), $output));
        self::assertSame(
            "Preheat's CLI ".$this->directory->path.'/preheat.phar does not exist: set PREHEAT_BINARY to the path of '
            ."preheat.phar (or of bin/preheat), or install preheat/preheat with Composer.\n",
            $output->fetch(),
        );
    }

    public function testTheDefaultIsThePackagesOwnBin(): void
    {
        self::assertSame(\dirname(__DIR__, 3).'/bin/preheat', (new PreheatCli('/srv/app'))->binary());
    }

    private function application(): Application
    {
        $application = new Application();
        $application->setAutoExit(false);
        $application->setCatchExceptions(false);
        // Symfony's FrameworkBundle console adds these; Preheat's CLI does not know them.
        $application->getDefinition()->addOption(new InputOption('env', 'e', InputOption::VALUE_REQUIRED));
        $application->getDefinition()->addOption(new InputOption('no-debug', null, InputOption::VALUE_NONE));
        foreach (PreheatCommand::all($this->directory->path, $this->binary) as $command) {
            $application->add($command);
        }

        return $application;
    }
}
