<?php

declare(strict_types=1);

namespace Preheat\Console;

use Preheat\Console\Command\BenchCommand;
use Preheat\Console\Command\ExplainCommand;
use Preheat\Console\Command\GenerateCommand;
use Preheat\Console\Command\RecordCommand;
use Preheat\Console\Command\UsageCommand;
use Preheat\Console\Command\VerifyCommand;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\UserError;
use Preheat\Version;
use Symfony\Component\Console\Application as ConsoleApplication;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

final class Application extends ConsoleApplication
{
    /** Exit code for input the user must fix (a path, an option, a file). */
    public const EXIT_USER_ERROR = 2;

    public function __construct()
    {
        parent::__construct('Preheat', Version::VERSION);
        $runner = new SymfonyProcessRunner();
        $this->add(new GenerateCommand($runner));
        $this->add(new VerifyCommand($runner));
        $this->add(new ExplainCommand($runner));
        $this->add(new BenchCommand($runner));
        $this->add(new RecordCommand());
        $this->add(new UsageCommand());
    }

    protected function doRunCommand(Command $command, InputInterface $input, OutputInterface $output): int
    {
        try {
            return parent::doRunCommand($command, $input, $output);
        } catch (UserError|\InvalidArgumentException $error) {
            $stderr = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
            $stderr->writeln(\sprintf('<error>preheat %s: %s</error>', $command->getName(), $error->getMessage()));

            return self::EXIT_USER_ERROR;
        }
    }
}
