<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Process\ProcessRunner;
use Preheat\Report\VerificationTextRenderer;
use Preheat\Script\PreloadVerifier;
use Preheat\Script\VerifyOptions;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\OutputInterface;

final class VerifyCommand extends Command
{
    public function __construct(private readonly ProcessRunner $runner)
    {
        parent::__construct('verify');
    }

    protected function configure(): void
    {
        $this
            ->setDescription('Boot PHP with a preload script, as php-fpm would, and report what got preloaded and every warning')
            ->addArgument('script', InputArgument::OPTIONAL, 'The preload script', 'preload.php')
            ->addOption('format', null, InputOption::VALUE_REQUIRED, 'text or json', 'text')
            ->addOption('php', null, InputOption::VALUE_REQUIRED, 'The PHP binary to boot', \PHP_BINARY)
            ->addOption('ini', null, InputOption::VALUE_REQUIRED, 'The php.ini php-fpm uses')
            ->addOption('opcache-memory', null, InputOption::VALUE_REQUIRED, 'opcache.memory_consumption in MB (default: what the ini says)')
            ->addOption('strict', null, InputOption::VALUE_NONE, 'Fail on warnings too, not only on fatal errors');
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = PlanInput::format($input, 'text', 'json');
        $memory = $input->getOption('opcache-memory');
        if (null !== $memory && false === filter_var($memory, \FILTER_VALIDATE_INT, ['options' => ['min_range' => 8]])) {
            throw new \InvalidArgumentException('--opcache-memory must be a number of megabytes, at least 8.');
        }
        $options = new VerifyOptions((string) $input->getOption('php'), $input->getOption('ini'), null === $memory ? null : (int) $memory);
        $report = (new PreloadVerifier($this->runner))->verify((string) $input->getArgument('script'), $options);
        $strict = (bool) $input->getOption('strict');
        if ('json' === $format) {
            $output->writeln((string) json_encode($report->toArray() + ['passed' => $report->passed($strict)], \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES), OutputInterface::OUTPUT_RAW);
        } else {
            $output->writeln((new VerificationTextRenderer())->render($report, $strict, $output->isVerbose() ? \PHP_INT_MAX : 30));
        }

        return $report->passed($strict) ? Command::SUCCESS : Command::FAILURE;
    }
}
