<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Bench\Load\Schedule;
use Preheat\Bench\Session\BenchFactory;
use Preheat\Bench\Session\BenchRequest;
use Preheat\Bench\Session\BenchSession;
use Preheat\Console\Extension\Registries;
use Preheat\Process\NullProcessObserver;
use Preheat\Process\ProcessObserver;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\ConsoleProgressLogger;
use Preheat\Report\Bench\BenchReport;
use Preheat\Report\Formats\Renderers;
use Preheat\Report\Publish\BenchReportPublisher;
use Preheat\Util\NamedRegistry;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

final class BenchCommand extends Command
{
    /** What `preheat help bench` shows: what it does, examples, exit codes. */
    private const HELP = <<<'HELP'
        Serves the app with each preload scenario on nginx + php-fpm (or another runtime) and measures them side by
        side, round after round, until the intervals are as tight as asked or the time is up.

        Examples:
          <info>preheat %command.name% --url=/ --url=/login</info>                  none vs the default, on two pages
          <info>preheat %command.name% --ladder --max-time=4m --out=bench-report</info>
          <info>preheat %command.name% --scenario=none,hot,all --tool=callgrind</info>
          <info>preheat %command.name% --config=preheat.json --format=json > bench.json</info>

        Exit codes: 0 measured, 1 a scenario broke, 2 bad input, 3 the environment failed.
        HELP;

    private readonly BenchFactory $factory;
    private readonly Renderers $renderers;

    /** The registries say which runtimes, load tools, strategies and report formats there are. */
    public function __construct(
        private readonly ProcessRunner $runner,
        Registries $registries,
        ProcessObserver $observer = new NullProcessObserver(),
    ) {
        $this->factory = new BenchFactory(
            $runner,
            $registries->runtimes,
            $registries->tools,
            $registries->strategies,
            $observer,
        );
        $this->renderers = $registries->renderers;
        parent::__construct('bench');
    }

    protected function configure(): void
    {
        $this
            ->setHelp(self::HELP)
            ->setDescription('Measure preload scenarios side by side on real nginx + php-fpm, with honest statistics')
            ->addOption('project', null, InputOption::VALUE_REQUIRED, 'The app to serve (where preheat.json is)', '.')
            ->addOption(
                'config',
                null,
                InputOption::VALUE_REQUIRED,
                'preheat.json to read (default: PROJECT/preheat.json if present)',
            )
            ->addOption(
                'url',
                null,
                InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY,
                'A page to load, e.g. /posts (repeat for several; the load tool loads each)',
            )
            ->addOption('scenario', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, \sprintf(
                'NAME=SPEC with SPEC none, record (recorder on), naive (every file compiled), %s or a preload script, '
                .'or names alone, several with commas: none,hot,all (default: none and all)',
                implode(', ', $this->factory->strategies->names()),
            ))
            ->addOption(
                'rounds',
                null,
                InputOption::VALUE_REQUIRED,
                'Measured rounds at least, scenarios interleaved in each (more follow until --precision is reached'
                .' or --max-time runs out)',
            )
            ->addOption(
                'precision',
                null,
                InputOption::VALUE_REQUIRED,
                'Add rounds until every gain\'s 95% interval is within ± this many points (default 2)',
            )
            ->addOption(
                'max-time',
                null,
                InputOption::VALUE_REQUIRED,
                'The time all measured rounds may take, e.g. 240s or 4m (default 4m; 0: exactly --rounds rounds)',
            )
            ->addOption(
                'duration',
                null,
                InputOption::VALUE_REQUIRED,
                'Seconds of load per scenario per round (default 2)',
            )
            ->addOption(
                'warmup',
                null,
                InputOption::VALUE_REQUIRED,
                'Seconds of discarded load per scenario before the rounds',
            )
            ->addOption('concurrency', null, InputOption::VALUE_REQUIRED, 'Concurrent connections')
            ->addOption(
                'workers',
                null,
                InputOption::VALUE_REQUIRED,
                'PHP workers: php-fpm children (pm = static), Apache prefork children or persistent workers',
            )
            ->addOption(
                'ladder',
                null,
                InputOption::VALUE_NONE,
                'Measure the ladder: baseline, OPcache sized, autoloader optimised, preload hot, preload all, the'
                .' ceiling, each over the rung below',
            )
            ->addOption(
                'runtime',
                null,
                InputOption::VALUE_REQUIRED,
                'What serves the app: '.$this->factory->runtimes->describe(),
                null,
                $this->factory->runtimes->names(),
            )
            ->addOption(
                'tool',
                null,
                InputOption::VALUE_REQUIRED,
                $this->factory->tools->describe(),
                suggestedValues: $this->factory->tools->names(),
            );
        // Each tool's own settings, as it declares them (--cgi-requests, ...).
        foreach ($this->factory->tools->settings() as $setting) {
            $this->addOption($setting->option(), null, InputOption::VALUE_REQUIRED, $setting->help());
        }
        $this
            ->addOption(
                'schedule',
                null,
                InputOption::VALUE_REQUIRED,
                \sprintf(
                    'together: every scenario of a round loaded at the same time, so a busy machine weighs on all'
                    .' alike (default for %s); turns: one after another, each alone on the machine',
                    NamedRegistry::phrase($this->factory->tools->namesLoadingTogether(), 'and'),
                ),
                null,
                Schedule::names(),
            )
            ->addOption(
                'restart-every',
                null,
                InputOption::VALUE_REQUIRED,
                'Start every scenario\'s server anew after this many rounds, so that the intervals see how servers'
                .' started anew differ (default 4 together, 0 in turns; 0: never)',
            )
            ->addOption(
                'store',
                null,
                InputOption::VALUE_REQUIRED,
                'hot: the usage store (a file path or redis://host:port/db?prefix=...; default: preheat.json\'s'
                .' bench.usage, else traffic recorded over the pages first)',
            )
            ->addOption(
                'php',
                null,
                InputOption::VALUE_REQUIRED,
                'The PHP CLI binary for generate/verify (default: preheat.json\'s bench.binaries.php, else the PHP'
                .' running Preheat)',
            )
            ->addOption(
                'pool-user',
                null,
                InputOption::VALUE_REQUIRED,
                'As root: the user php-fpm\'s workers run as (default: `user =` of the fpm pool config, else www-data)',
            )
            ->addOption(
                'format',
                null,
                InputOption::VALUE_REQUIRED,
                $this->renderers->choices(BenchReport::class),
                'text',
                $this->renderers->formats(BenchReport::class),
            )
            ->addOption(
                'out',
                null,
                InputOption::VALUE_REQUIRED,
                'Write report.md, report.json and chart.svg into this directory',
            )
            ->addOption(
                'baseline',
                null,
                InputOption::VALUE_REQUIRED,
                'An earlier run\'s report.json: show each scenario\'s change against it, with its interval (only when'
                .' both ran the same pages on the same kind of machine)',
            )
            ->addOption(
                'assert',
                null,
                InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY,
                'Fail the run (exit 1) unless this holds, e.g. "hot.gain >= 10%", "hot.memory <= 8MB", "hot.startup'
                .' <= 0.5s", "hot.change >= -2%" (against --baseline), "*.warnings == 0" (repeat for several)',
            )
            ->addOption(
                'assert-strict',
                null,
                InputOption::VALUE_NONE,
                'A gain or change assertion holds only when its whole 95% interval is on the right side (default: it'
                .' fails only when the whole interval is on the wrong side)',
            );
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = PlanInput::format($input, ...$this->renderers->formats(BenchReport::class));
        $stderr = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
        $outcome = (new BenchSession($this->factory, new BenchLimits()))
            ->run($this->request($input), new ConsoleProgressLogger($stderr));
        $out = $input->getOption('out');
        $passed = (new BenchReportPublisher($this->renderers, $this->runner))
            ->publish($outcome, $format, null === $out ? null : (string) $out, $output, $stderr);

        return $passed ? Command::SUCCESS : Command::FAILURE;
    }

    private function request(InputInterface $input): BenchRequest
    {
        $baseline = $input->getOption('baseline');
        $user = $input->getOption('pool-user');

        return new BenchRequest(
            (string) $input->getOption('project'),
            null === ($config = $input->getOption('config')) ? null : (string) $config,
            BenchOptions::overrides($input, $this->factory->tools->settings()),
            array_values(array_map('strval', (array) $input->getOption('assert'))),
            null === $baseline ? null : (string) $baseline,
            true === $input->getOption('assert-strict'),
            null === $user ? null : (string) $user,
        );
    }
}
