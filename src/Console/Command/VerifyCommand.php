<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Php\PhpInstallation;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\Timings;
use Preheat\Report\Formats\Renderers;
use Preheat\Report\Terminal\TerminalWidth;
use Preheat\Report\TimingTableRenderer;
use Preheat\Report\VerifiedScript;
use Preheat\Script\Generate\VerifyService;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

final class VerifyCommand extends Command
{
    /** What `preheat help verify` shows: what it does, examples, exit codes. */
    private const HELP = <<<'HELP'
        Boots PHP with the preload script as php-fpm would (same php.ini, same user) and says what it preloaded and what
        PHP refused.

        Examples:
          <info>preheat %command.name% preload.php</info>
          <info>preheat %command.name% preload.php --ini=/etc/php/8.2/fpm/php.ini --pool-user=www-data</info>
          <info>preheat %command.name% preload.php --strict --format=json</info>   fail on any refused file, as JSON

        Exit codes: 0 it preloads, 1 it does not, 2 bad input, 3 the environment failed.
        HELP;

    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly Renderers $renderers,
    ) {
        parent::__construct('verify');
    }

    protected function configure(): void
    {
        $this
            ->setHelp(self::HELP)
            ->setDescription(
                'Boot PHP with a preload script, as php-fpm would, and report what got preloaded and every warning',
            )
            ->addArgument('script', InputArgument::OPTIONAL, 'The preload script', 'preload.php')
            ->addOption(
                'format',
                null,
                InputOption::VALUE_REQUIRED,
                $this->renderers->choices(VerifiedScript::class),
                'text',
                $this->renderers->formats(VerifiedScript::class),
            )
            ->addOption(
                'php',
                null,
                InputOption::VALUE_REQUIRED,
                'The PHP binary to boot (default: the PHP running Preheat)',
            )
            ->addOption('strict', null, InputOption::VALUE_NONE, 'Fail on warnings too, not only on fatal errors')
            ->addOption(
                'allow-refused',
                null,
                InputOption::VALUE_NONE,
                'Pass even when PHP refused to preload some of the script\'s classes (each request then compiles'
                .' them again)',
            );
        PhpInput::configure($this);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = PlanInput::format($input, ...$this->renderers->formats(VerifiedScript::class));
        // Every process this run starts goes through the timed runner, so that the timing table misses none.
        $timings = new Timings();
        $runner = new TimedProcessRunner($this->runner, $timings);
        $report = (new VerifyService($runner, $timings))->verify(
            (string) $input->getArgument('script'),
            static fn (): PhpInstallation => PhpInput::installation($input, $runner, PhpInput::binary($input)),
        );
        $verified = new VerifiedScript(
            $report,
            (bool) $input->getOption('strict'),
            (bool) $input->getOption('allow-refused'),
        );
        $this->renderers->write($verified, $format, $output);

        if ($output->isVeryVerbose()) {
            $stderr = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
            $table = (new TimingTableRenderer())->render($timings->report(), TerminalWidth::of($stderr));
            $stderr->writeln($table, OutputInterface::OUTPUT_RAW);
        }

        return $verified->passed() ? Command::SUCCESS : Command::FAILURE;
    }
}
