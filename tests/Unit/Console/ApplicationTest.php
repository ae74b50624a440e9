<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Bench\GateFailure;
use Preheat\Composer\ProjectError;
use Preheat\ConfigError;
use Preheat\Console\Application;
use Preheat\Console\Option\InvalidOption;
use Preheat\Deploy\StatusInputError;
use Preheat\Deploy\StatusUnreachable;
use Preheat\Doctor\DoctorEnvironmentError;
use Preheat\Doctor\DoctorInputError;
use Preheat\InvalidSetting;
use Preheat\Php\FastCgi\FastCgiError;
use Preheat\Php\PhpError;
use Preheat\Php\PhpUnusable;
use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessResult;
use Preheat\Script\Verify\VerificationError;
use Preheat\Script\Write\ScriptWriteError;
use Preheat\Server\RuntimeError;
use Preheat\Setting;
use Preheat\Usage\Trace\TraceError;
use Preheat\Usage\UsageStoreError;
use Preheat\Usage\UsageStoreUnreachable;
use Preheat\Util\FileSystemError;
use Preheat\Util\UnsafeDirectory;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Exception\InvalidOptionException;
use Symfony\Component\Console\Exception\LogicException as ConsoleLogicException;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\OutputInterface;
use Symfony\Component\Console\Tester\ApplicationTester;

final class ApplicationTest extends TestCase
{
    /** @return iterable<string, array{\Throwable, int}> */
    public static function errors(): iterable
    {
        // Input the user must fix: 2.
        yield 'a bad option' => [new InvalidOption('--top must be a whole number'), 2];
        yield 'a bad setting' => [InvalidSetting::because(Setting::Coverage, 'The coverage 2 must be at most 1.'), 2];
        yield 'a bad preheat.json' => [ConfigError::invalid('tool', 'siege', 'use one of wrk, ab, cgi'), 2];
        yield 'a missing project' => [ProjectError::missingDirectory('/nope'), 2];
        yield 'a missing php.ini' => [PhpError::missingIni('/no/php.ini'), 2];
        yield 'a missing script' => [VerificationError::missingScript('/nope.php'), 2];
        yield 'an output that cannot be written' => [ScriptWriteError::directoryMissing('/nope/preload.php'), 2];
        yield 'a store that is not there' => [UsageStoreError::missingFile('/nope.log'), 2];
        yield 'a cache directory others may write' => [new UnsafeDirectory('shared'), 2];
        yield 'a pool file that does not parse (doctor)' => [DoctorInputError::badPool('/etc/php/8.2/fpm/pool.d/www.conf', 'syntax error'), 2];
        yield 'no script to compare (status)' => [StatusInputError::noScript('/srv/app/preload.php'), 2];
        yield 'an unknown option (Symfony)' => [new InvalidOptionException('The "--nope" option does not exist.'), 2];
        // The environment failed: 3.
        yield 'a server that died' => [RuntimeError::died('php-fpm', 'the run', ''), 3];
        yield 'a missing binary' => [RuntimeError::missingBinary('nginx', 'nginx'), 3];
        yield 'a port in use' => [RuntimeError::portInUse(8080, 'PID 1: nc -l 8080', ''), 3];
        yield 'a tool that failed' => [ProcessFailed::unexpectedExit(new ProcessResult(['php', '-v'], 255, '', 'Segmentation fault', 0.1), 'Asking PHP'), 3];
        yield 'a tool that could not start' => [ProcessFailed::cannotStart(['php8.9'], 'command not found'), 3];
        yield 'a load tool printing nonsense' => [ProcessFailed::unreadableOutput('wrk', ['wrk'], 1, 'oops', ''), 3];
        yield 'a PHP without OPcache' => [PhpUnusable::noOpcache('php', ''), 3];
        yield 'a Redis that is down' => [UsageStoreUnreachable::redisUnreachable('127.0.0.1:6379', 'Connection refused'), 3];
        yield 'a baseline that does not serve' => [new GateFailure('none', ['/ answered HTTP 500'], ''), 3];
        yield 'a traced page that fails' => [TraceError::pageFailed('/', 'HTTP 500', ''), 3];
        yield 'no php-fpm to read (doctor)' => [DoctorEnvironmentError::noFpm('php'), 3];
        yield 'a php-fpm that cannot be reached (status)' => [FastCgiError::cannotConnect('/run/php/php8.2-fpm.sock', 'No such file or directory'), 3];
        yield 'a status probe that does not answer' => [StatusUnreachable::url('http://127.0.0.1/probe.php', 'no answer'), 3];
        yield 'a disk that refuses a write' => [FileSystemError::cannotWrite('/tmp/x'), 3];
        // A bug in Preheat: 70, never passed off as bad input.
        yield 'a logic error' => [new \LogicException('Unreachable'), 70];
        yield 'a programmer\'s invalid argument' => [new \InvalidArgumentException('A sample needs at least one value.'), 70];
        yield 'a plain runtime exception' => [new \RuntimeException('surprise'), 70];
        yield 'a type error' => [new \TypeError('wrong type'), 70];
        yield 'a Symfony logic error' => [new ConsoleLogicException('An option named "x" already exists.'), 70];
    }

    #[DataProvider('errors')]
    public function testEachKindOfErrorHasItsExitCode(\Throwable $error, int $code): void
    {
        self::assertSame($code, Application::exitCodeFor($error));
        self::assertSame($code, $this->runFailing($error)['code'], 'the command run ends with it');
    }

    public function testInputAndEnvironmentErrorsAreOneLineWithoutATrace(): void
    {
        $run = $this->runFailing(RuntimeError::missingBinary('nginx', 'nginx'), ['-v' => true]);

        self::assertSame("preheat failing: Cannot find nginx: install it (Debian: apt-get install nginx) or name another binary in preheat.json \"bench.binaries\".\n", $run['stderr']);
    }

    public function testABugIsShownWithItsTraceUnderVerbose(): void
    {
        $quiet = $this->runFailing(new \LogicException('Unreachable: the tallies add up'));
        $verbose = $this->runFailing(new \LogicException('Unreachable: the tallies add up'), ['-v' => true]);

        self::assertStringContainsString('Unreachable: the tallies add up', $quiet['stderr']);
        self::assertStringNotContainsString('Exception trace', $quiet['stderr']);
        self::assertStringContainsString('LogicException', $verbose['stderr']);
        self::assertStringContainsString('Exception trace', $verbose['stderr']);
    }

    /** -q hides progress, never the reason a command failed (nor the JSON error a reader waits for). */
    public function testErrorsArePrintedEvenUnderQuiet(): void
    {
        $text = $this->runFailing(StatusUnreachable::url('http://127.0.0.1:1/status', 'Connection refused'), ['-q' => true]);
        $tester = new ApplicationTester($this->application(ProjectError::missingDirectory('/nope')));
        $json = $tester->run(['command' => 'failing', '-q' => true, '--format' => 'json'], ['capture_stderr_separately' => true]);

        self::assertSame(3, $text['code']);
        self::assertStringContainsString('preheat failing: ', $text['stderr']);
        self::assertStringContainsString('127.0.0.1:1', $text['stderr']);
        self::assertSame(2, $json);
        self::assertSame(2, json_decode($tester->getDisplay(), true, 8, \JSON_THROW_ON_ERROR)['error']['exitCode'] ?? null);
    }

    public function testTheConsoleNamesTheOptionOfTheSettingAnErrorIsAbout(): void
    {
        $missing = $this->runFailing(ProjectError::missingPath('lib'));
        self::assertSame("preheat failing: Path \"lib\" to scan does not exist: check the spelling, or that it is relative to the project root. (option --path)\n", $missing['stderr']);

        // The option goes after the first line; the log excerpt below stays as it was.
        $trace = $this->runFailing(TraceError::pageFailed('/', 'HTTP 500', 'PHP Fatal error: boom'));
        self::assertSame("preheat failing: Tracing / failed: it answered HTTP 500. Check the URLs to trace and that the app works without preloading. (option --url)\nphp-fpm/PHP log:\nPHP Fatal error: boom\n", $trace['stderr']);

        $gate = $this->runFailing(new GateFailure('none', ['/missing answered HTTP 404'], ''));
        self::assertSame("preheat failing: The none scenario does not serve the pages, so nothing was measured: check the URLs and that the app works without preloading. (option --url)\n  /missing answered HTTP 404\n", $gate['stderr']);

        // A setting the command has no option for came from a file: the message stands alone.
        $unknown = $this->runFailing(InvalidSetting::because(Setting::Budget, 'The memory budget lots is not a size.'));
        self::assertSame("preheat failing: The memory budget lots is not a size.\n", $unknown['stderr']);
    }

    public function testASettingIsNamedByTheOptionTheCommandHas(): void
    {
        $user = PhpError::unknownUser('nobody2');

        // One name per idea: --user and --usage are old names the console no longer gives (OptionAliases).
        self::assertStringEndsWith('(option --pool-user)', Application::messageFor($user, $this->failing($user, ['pool-user'])));

        $store = UsageStoreError::missingFile('/srv/app/usage.log');
        self::assertStringEndsWith('(option --store)', Application::messageFor($store, $this->failing($store, ['store'])), 'record and usage');
        $php = ProcessFailed::cannotStart(['php8.9'], 'command not found')->about(Setting::PhpBinary);
        self::assertStringEndsWith('is executable. (option --php)', Application::messageFor($php, $this->failing($php, ['php'])));
        self::assertSame(3, Application::exitCodeFor($php), 'still the environment\'s failure');
        $merge = UsageStoreError::mergeIntoSource('/srv/app/usage.log');
        self::assertStringEndsWith('(option --into)', Application::messageFor($merge, $this->failing($merge, ['store', 'into'])));
    }

    public function testAnUnknownOptionOrCommandIsBadInput(): void
    {
        $tester = new ApplicationTester($this->application(new \LogicException('not reached')));

        self::assertSame(2, $tester->run(['command' => 'failing', '--nope' => true], ['capture_stderr_separately' => true]));
        self::assertStringContainsString('The "--nope" option does not exist.', $tester->getErrorOutput());
        self::assertSame(2, $tester->run(['command' => 'nonsense'], ['capture_stderr_separately' => true, 'interactive' => false]));
        self::assertStringContainsString('Command "nonsense" is not defined.', $tester->getErrorOutput());
    }

    /** @return iterable<string, array{\Throwable, int, ?string}> */
    public static function jsonErrors(): iterable
    {
        yield 'bad input (2), about a setting' => [ProjectError::missingPath('lib'), 2, '--path'];
        yield 'bad input (2), an option' => [new InvalidOption('--top must be a whole number'), 2, null];
        yield 'the environment (3)' => [RuntimeError::missingBinary('nginx', 'nginx'), 3, null];
    }

    #[DataProvider('jsonErrors')]
    public function testWithFormatJsonAnErrorIsJsonOnStdoutWithTheSameExitCode(\Throwable $error, int $code, ?string $setting): void
    {
        $tester = new ApplicationTester($this->application($error));

        $exit = $tester->run(['command' => 'failing', '--format' => 'json'], ['capture_stderr_separately' => true, 'decorated' => false]);

        self::assertSame($code, $exit);
        self::assertSame('', $tester->getErrorOutput(), 'stdout alone carries it');
        $json = json_decode($tester->getDisplay(), true, flags: \JSON_THROW_ON_ERROR);
        self::assertSame(['error' => ['message' => Application::messageFor($error, $this->failing($error, ['path', 'url'])), 'setting' => $setting, 'exitCode' => $code]], $json);
    }

    public function testWithFormatJsonAnUnknownOptionOrCommandIsJsonToo(): void
    {
        $tester = new ApplicationTester($this->application(new \LogicException('not reached')));

        self::assertSame(2, $tester->run(['command' => 'failing', '--nope' => true, '--format' => 'json'], ['capture_stderr_separately' => true]));
        self::assertSame(['error' => ['message' => 'The "--nope" option does not exist.', 'setting' => null, 'exitCode' => 2]], json_decode($tester->getDisplay(), true));
        self::assertSame(2, $tester->run(['command' => 'nonsense', '--format' => 'json'], ['capture_stderr_separately' => true, 'interactive' => false]));
        self::assertStringStartsWith('Command "nonsense" is not defined.', json_decode($tester->getDisplay(), true)['error']['message']);
    }

    public function testAnUnknownCommandNeverAsksWhenStdinIsNoTerminal(): void
    {
        $tester = new ApplicationTester($this->application(new \LogicException('ran the command it guessed')));
        // A script's stdin: not a terminal, and it would answer the "Do you want to run" question.
        $tester->setInputs(['yes']);

        $exit = $tester->run(['command' => 'faling'], ['capture_stderr_separately' => true, 'interactive' => true]);

        self::assertSame(2, $exit);
        self::assertStringNotContainsString('Do you want to run', $tester->getDisplay());
        self::assertStringContainsString('Command "faling" is not defined.', $tester->getErrorOutput());
    }

    /**
     * @param array<string, mixed> $options
     *
     * @return array{code: int, stderr: string}
     */
    private function runFailing(\Throwable $error, array $options = []): array
    {
        $tester = new ApplicationTester($this->application($error));
        $code = $tester->run(['command' => 'failing', ...$options], ['capture_stderr_separately' => true, 'decorated' => false]);

        return ['code' => $code, 'stderr' => $tester->getErrorOutput()];
    }

    private function application(\Throwable $error): Application
    {
        $application = new Application();
        $application->setAutoExit(false);
        $application->add($this->failing($error, ['path', 'url', 'format']));

        return $application;
    }

    /** @param list<string> $options */
    private function failing(\Throwable $error, array $options): Command
    {
        $command = new class($error) extends Command {
            public function __construct(private readonly \Throwable $error)
            {
                parent::__construct('failing');
            }

            protected function execute(InputInterface $input, OutputInterface $output): int
            {
                throw $this->error;
            }
        };
        foreach ($options as $option) {
            $command->addOption($option, null, InputOption::VALUE_REQUIRED);
        }

        return $command;
    }
}
