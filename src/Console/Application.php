<?php

declare(strict_types=1);

namespace Preheat\Console;

use Preheat\Console\Command\BenchCommand;
use Preheat\Console\Command\DoctorCommand;
use Preheat\Console\Command\ExplainCommand;
use Preheat\Console\Command\GenerateCommand;
use Preheat\Console\Command\RecordCommand;
use Preheat\Console\Command\StatusCommand;
use Preheat\Console\Command\UsageCommand;
use Preheat\Console\Command\VerifyCommand;
use Preheat\Console\Extension\Registries;
use Preheat\Console\Option\OptionAliases;
use Preheat\Console\Option\SettingOptions;
use Preheat\Console\Option\Verbosity;
use Preheat\Console\Terminal\EscapingConsoleOutput;
use Preheat\Console\Trace\ConsoleTrace;
use Preheat\EnvironmentError;
use Preheat\Php\CliLimits;
use Preheat\Process\InterruptGuard;
use Preheat\Process\ObservedProcessRunner;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Report\Formats\Renderers;
use Preheat\Report\Json;
use Preheat\SettingError;
use Preheat\UserError;
use Preheat\Version;
use Symfony\Component\Console\Application as ConsoleApplication;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Exception\CommandNotFoundException;
use Symfony\Component\Console\Exception\ExceptionInterface as ConsoleException;
use Symfony\Component\Console\Exception\LogicException as ConsoleLogicException;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Input\ArgvInput;
use Symfony\Component\Console\Input\InputDefinition;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Input\StreamableInputInterface;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * Exit codes: 0 success, 1 the check failed (verification, a broken bench scenario, an unexplained name,
 * a doctor's warning, a stale preload), 4 doctor found an error (its own, by the worst finding),
 * 2 input the user must fix, 3 the environment failed, 70 a bug in Preheat, 128 + the signal when interrupted (130
 * Ctrl-C, 143 SIGTERM, 129 SIGHUP).
 */
final class Application extends ConsoleApplication
{
    /** Input the user must fix (an option, a setting, a file). */
    public const EXIT_USER_ERROR = 2;

    /** A server or tool that fails, a missing binary, a port in use: the machine, not the input. */
    public const EXIT_ENVIRONMENT_ERROR = 3;

    /** A bug in Preheat (EX_SOFTWARE): shown with its trace under -v. */
    public const EXIT_INTERNAL_ERROR = 70;

    /** What -vvv shows: every program the commands run and every configuration file written for a server. */
    private readonly ConsoleTrace $trace;

    /**
     * @param Registries|null $registries the runtimes, load tools, strategies and report formats the commands
     *                                    offer: what Preheat ships, else what a plugin or a test adds to it
     */
    public function __construct(?Registries $registries = null)
    {
        // The one place the registries are built: every command is handed them.
        $registries ??= Registries::standard();
        $renderers = $registries->renderers;
        parent::__construct('Preheat', Version::VERSION);
        // The one seam for -vvv: every command's runner reports each program before it starts, and the servers'
        // configuration files are reported by the supervisors the commands build with the same trace.
        $this->trace = new ConsoleTrace();
        $runner = new ObservedProcessRunner(new SymfonyProcessRunner(), $this->trace);
        // addCommands(): add() is deprecated since symfony/console 7.4, addCommand() missing before it.
        $this->addCommands([
            new GenerateCommand($runner, $registries, $this->trace),
            new VerifyCommand($runner, $renderers),
            new ExplainCommand($runner, $renderers),
            new BenchCommand($runner, $registries, $this->trace),
            new RecordCommand($renderers),
            new UsageCommand($renderers),
            new DoctorCommand($runner, $renderers),
            new StatusCommand($runner, $renderers),
        ]);
        // One meaning for -v, -vv and -vvv, stated once at the end of every command's help.
        foreach ($this->all() as $name => $command) {
            if (!\in_array($name, ['help', 'list', 'completion', '_complete'], true)) {
                $command->setHelp($command->getHelp()."\n\n".Verbosity::help($name));
            }
        }
    }

    protected function getDefaultInputDefinition(): InputDefinition
    {
        $definition = parent::getDefaultInputDefinition();
        $options = $definition->getOptions();
        foreach ($options as $name => $option) {
            if ('verbose' === $name) {
                $options[$name] = new InputOption(
                    'verbose',
                    'v|vv|vvv',
                    InputOption::VALUE_NONE,
                    Verbosity::optionDescription(),
                );
            }
        }
        $definition->setOptions(array_values($options));

        return $definition;
    }

    /** The exit code a command that failed with $error ends with. */
    public static function exitCodeFor(\Throwable $error): int
    {
        return match (true) {
            $error instanceof UserError => self::EXIT_USER_ERROR,
            $error instanceof EnvironmentError => self::EXIT_ENVIRONMENT_ERROR,
            // Symfony's own input errors (an unknown option, a missing argument), not its LogicExceptions.
            $error instanceof ConsoleException && !$error instanceof ConsoleLogicException => self::EXIT_USER_ERROR,
            default => self::EXIT_INTERNAL_ERROR,
        };
    }

    /** The message printed for an error the user or the environment caused, with the option its setting comes from. */
    public static function messageFor(\Throwable $error, Command $command): string
    {
        return SettingOptions::describe(
            $error->getMessage(),
            $error instanceof SettingError ? $error->setting() : null,
            $command,
        );
    }

    /** The console's own output escapes control characters: a name printed cannot drive the terminal. */
    public function run(?InputInterface $input = null, ?OutputInterface $output = null): int
    {
        return parent::run($input, $output ?? new EscapingConsoleOutput());
    }

    public function doRun(InputInterface $input, OutputInterface $output): int
    {
        $input = $this->withCurrentOptionNames($input, $output);
        try {
            return parent::doRun($input, $output);
        } catch (CommandNotFoundException $error) {
            if (!$this->areExceptionsCaught()) {
                throw $error;
            }
            if (self::wantsJson($input)) {
                self::writeJsonError($output, $error->getMessage(), null, self::EXIT_USER_ERROR);
            } else {
                $this->renderThrowable($error, self::errorOutput($output));
            }

            return self::EXIT_USER_ERROR;
        }
    }

    protected function configureIO(InputInterface $input, OutputInterface $output): void
    {
        parent::configureIO($input, $output);
        // Run from a script, a pipe or CI, a command never stops to ask (Symfony asks "did you mean" about an
        // unknown command when the input is interactive): as if -n were given.
        if ($input->isInteractive() && !self::stdinIsTerminal($input)) {
            $input->setInteractive(false);
        }
    }

    /** The command line with the old names of options (OptionAliases) replaced, each noticed on stderr. */
    private function withCurrentOptionNames(InputInterface $input, OutputInterface $output): InputInterface
    {
        $name = $input->getFirstArgument();
        if (!$input instanceof ArgvInput || null === $name || '' === $name) {
            return $input;
        }
        try {
            $command = $this->find($name)->getName() ?? $name;
        } catch (\Throwable) {
            return $input;
        }
        [$tokens, $notices] = OptionAliases::rewrite($command, $input->getRawTokens());
        if ([] === $notices) {
            return $input;
        }
        foreach ($notices as $notice) {
            self::errorOutput($output)->writeln('<comment>'.OutputFormatter::escape($notice).'</comment>');
        }

        return new ArgvInput(['preheat', ...$tokens]);
    }

    private static function stdinIsTerminal(InputInterface $input): bool
    {
        $stream = $input instanceof StreamableInputInterface ? $input->getStream() : null;
        $stream ??= \defined('STDIN') ? \STDIN : null;

        return null !== $stream && @stream_isatty($stream);
    }

    /** --format=json asked for (read from the command line itself: an error may come before it is parsed). */
    private static function wantsJson(InputInterface $input): bool
    {
        return Renderers::writesErrorsAsJson($input->getParameterOption('--format', null, true));
    }

    /** The error as {"error": {"message", "setting", "exitCode"}} on stdout, for a --format=json reader. */
    private static function writeJsonError(OutputInterface $output, string $message, ?string $setting, int $code): void
    {
        $output->writeln(
            Json::encode(['error' => ['message' => $message, 'setting' => $setting, 'exitCode' => $code]]),
            OutputInterface::OUTPUT_RAW | OutputInterface::VERBOSITY_QUIET,
        );
    }

    protected function doRunCommand(Command $command, InputInterface $input, OutputInterface $output): int
    {
        // Every command: an interrupt stops what the run started and removes its temporary files, exit 128 + signal.
        InterruptGuard::instance()->install();
        $this->trace->showOn(self::errorOutput($output));
        try {
            if (!\in_array($command->getName(), ['help', 'list', 'completion', '_complete'], true)) {
                CliLimits::check();
            }

            return parent::doRunCommand($command, $input, $output);
        } catch (\Throwable $error) {
            $code = self::exitCodeFor($error);
            if (self::EXIT_INTERNAL_ERROR === $code) {
                if (!$this->areExceptionsCaught()) {
                    throw $error;
                }
                // Not the user's input nor the machine: a bug, shown as one (its trace with -v).
                $this->renderThrowable($error, self::errorOutput($output));
                if (self::wantsJson($input)) {
                    self::writeJsonError($output, $error->getMessage(), null, $code);
                }

                return $code;
            }
            if (self::wantsJson($input)) {
                $setting = $error instanceof SettingError ? $error->setting() : null;
                self::writeJsonError(
                    $output,
                    self::messageFor($error, $command),
                    null === $setting ? null : (SettingOptions::option($setting, $command) ?? $setting->value),
                    $code,
                );

                return $code;
            }
            // Errors are printed even under -q (as Symfony and Composer print theirs): quiet hides progress.
            self::errorOutput($output)->writeln(
                \sprintf(
                    '<error>preheat %s: %s</error>',
                    $command->getName(),
                    OutputFormatter::escape(self::messageFor($error, $command)),
                ),
                OutputInterface::VERBOSITY_QUIET,
            );

            return $code;
        } finally {
            $this->trace->stop();
        }
    }

    private static function errorOutput(OutputInterface $output): OutputInterface
    {
        return $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
    }
}
