<?php

declare(strict_types=1);

namespace App;

use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Output\OutputInterface;

/** A command of Symfony Console 5.4 (execute() without a return type is 5.4's signature). */
final class GreetCommand extends Command
{
    protected static $defaultName = 'greet';

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $output->writeln((new Greeter())->greet('console'));

        return 0;
    }
}
