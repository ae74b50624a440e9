<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Bench\BenchResult;
use Preheat\Bench\BenchRunner;
use Preheat\Bench\Compare\Assertion\Assertion;
use Preheat\Bench\Compare\Assertion\AssertionEvaluator;
use Preheat\Bench\Compare\Assertion\AssertionParser;
use Preheat\Bench\Compare\RecordedRun;
use Preheat\Bench\Compare\ReportReader;
use Preheat\Bench\Compare\RunComparer;
use Preheat\Bench\Config\BenchConfigLoader;
use Preheat\Bench\Gate\BodyMasker;
use Preheat\Bench\Gate\CorrectnessGate;
use Preheat\Bench\Layering\ScenarioLayering;
use Preheat\Bench\Load\Schedule;
use Preheat\Bench\Load\Tool\LoadTools;
use Preheat\Bench\ScenarioPreparer;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Process\InterruptGuard;
use Preheat\Process\NullProcessObserver;
use Preheat\Process\ProcessObserver;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\ConsoleProgressLogger;
use Preheat\Report\Bench\BenchReport;
use Preheat\Report\Bench\BenchReportBuilder;
use Preheat\Report\Bench\Provenance;
use Preheat\Report\Bench\ReportWriter;
use Preheat\Report\Compare\Checks;
use Preheat\Report\Compare\ComparedRenderer;
use Preheat\Report\Formats\Renderers;
use Preheat\Script\Generate\ScriptGenerator;
use Preheat\Script\Verify\PreloadVerifier;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\Serve\RuntimeRegistry;
use Preheat\Server\WorkerPlacement;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Formatter\OutputFormatter;
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

    private readonly RuntimeRegistry $runtimes;
    private readonly LoadTools $tools;
    private readonly Strategies $strategies;

    /** The registries say which runtimes, load tools and strategies there are (by default, this version's). */
    public function __construct(
        private readonly ProcessRunner $runner,
        ?RuntimeRegistry $runtimes = null,
        ?LoadTools $tools = null,
        ?Strategies $strategies = null,
        private readonly Renderers $renderers = new Renderers(),
        private readonly ProcessObserver $observer = new NullProcessObserver(),
    ) {
        $this->runtimes = $runtimes ?? RuntimeRegistry::standard();
        $this->tools = $tools ?? LoadTools::standard();
        $this->strategies = $strategies ?? Strategies::standard();
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
                'A page to load, e.g. /posts (repeat for several; wrk cycles through them)',
            )
            ->addOption('scenario', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, \sprintf(
                'NAME=SPEC with SPEC none, record (recorder on), naive (every file compiled), %s or a preload script, '
                .'or names alone, several with commas: none,hot,all (default: none and all)',
                implode(', ', $this->strategies->names()),
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
                'What serves the app: '.$this->runtimes->describe(),
                null,
                $this->runtimes->names(),
            )
            ->addOption(
                'tool',
                null,
                InputOption::VALUE_REQUIRED,
                $this->tools->describe(),
                suggestedValues: $this->tools->names(),
            )
            ->addOption(
                'schedule',
                null,
                InputOption::VALUE_REQUIRED,
                'together: every scenario of a round loaded at the same time, so a busy machine weighs on all'
                .' alike (default for wrk and ab); turns: one after another, each alone on the machine',
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
        $loader = new BenchConfigLoader($this->runtimes, $this->tools, $this->strategies);
        $config = $loader->load(
            (string) $input->getOption('project'),
            $input->getOption('config'),
            BenchOptions::overrides($input),
        );
        // Before any server starts: counts this machine cannot hold are refused here.
        (new BenchLimits())->check($config);
        // So are assertions that cannot be read and an earlier report that cannot be compared with.
        $assertions = array_map(
            static fn (mixed $expression): Assertion => (new AssertionParser())->parse((string) $expression),
            array_values((array) $input->getOption('assert')),
        );
        $baselineFile = null === $input->getOption('baseline') ? null : (string) $input->getOption('baseline');
        $earlier = null === $baselineFile ? null : (new ReportReader())->read($baselineFile);
        $evaluator = new AssertionEvaluator(true === $input->getOption('assert-strict'));
        $evaluator->check(
            $assertions,
            array_map(static fn ($spec): string => $spec->name, $config->scenarios),
            $config->baseline()->name,
            null !== $earlier,
        );
        $stderr = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
        $progress = new ConsoleProgressLogger($stderr);
        // One for the run: it owns the signal handlers that stop every server on Ctrl-C.
        $supervisor = new ProcessSupervisor($this->runner, observer: $this->observer);
        // Found once: every runtime and every verification of this run uses the same ini, sizes and user.
        $user = $input->getOption('pool-user');
        $serve = $config->serve;
        $php = $serve->installation($this->runner, null === $user ? null : (string) $user);
        $kinds = $serve->kinds($this->runtimes, $php, $supervisor);
        $load = $config->load->tool->generator($this->runner, $serve->binaries, $php->user);
        $runtimes = $serve->runtimes($php, $supervisor);
        $progress->finish(\sprintf(
            'php.ini %s%s',
            $php->settings->describe(),
            null === $php->user ? '' : \sprintf('; workers run as %s (%s)', $php->user, $php->userSource),
        ));
        $pipeline = new PlanPipeline($this->runner, progress: $progress);
        $bench = new BenchRunner(
            new ScenarioPreparer(
                new ScriptGenerator($pipeline, new PreloadVerifier($this->runner), progress: $progress),
                new PreloadVerifier($this->runner),
                // Recording traffic for hot needs load through the web server: the default tool's.
                $config->load->tool->runsPhp()
                    ? $this->tools->default()->generator($this->runner, $serve->binaries, $php->user)
                    : $load,
                $runtimes,
                $this->runner,
                new ScenarioLayering($pipeline, $this->runner, $php, $progress),
                $progress,
            ),
            $runtimes,
            CorrectnessGate::overLoopback($serve->requestTimeout, new BodyMasker($config->masks)),
            $load,
            $progress,
            kinds: $kinds,
            placement: new WorkerPlacement($this->runner),
        );

        $workDirectory = sys_get_temp_dir().'/preheat-bench-'.bin2hex(random_bytes(4));
        $processes = $this->runner;
        $cleanUp = static function () use ($supervisor, $processes, $workDirectory): void {
            $supervisor->stopAll();
            if (is_dir($workDirectory)) {
                // The pool's user may own what the workers wrote.
                $processes->run(['rm', '-rf', $workDirectory]);
            }
        };
        // Interrupted or ended by a fatal error, the guard runs it too, after the servers' own stop (started
        // later, they are stopped first).
        $guard = InterruptGuard::instance();
        $pending = $guard->stopOnExit($cleanUp);
        try {
            $result = $bench->run($config, $workDirectory);
        } finally {
            $guard->forget($pending);
            $cleanUp();
        }

        $report = (new BenchReportBuilder())->build(
            $result,
            Provenance::collect($result->environment, $config->serve->projectRoot, runner: $this->runner),
        );
        $renderers = $this->renderers;
        $out = $input->getOption('out');
        // The run's own report first: a comparison or an assertion that fails cannot lose what was measured.
        $written = null === $out ? [] : $this->writeReport($renderers, $report, (string) $out);
        try {
            $checks = $this->checks($earlier, $assertions, $evaluator, $result, $baselineFile, $input);
        } catch (\Throwable $error) {
            $this->sayWritten($stderr, $written);
            throw $error;
        }
        if (null !== $checks) {
            // Text, markdown and JSON show them, in the files --out writes too.
            $formats = array_intersect($renderers->formats(BenchReport::class), ComparedRenderer::FORMATS);
            foreach ($formats as $name) {
                $inner = $renderers->renderer(BenchReport::class, $name);
                $renderers = $renderers->with(
                    BenchReport::class,
                    $name,
                    static fn (): ComparedRenderer => new ComparedRenderer($inner, $checks, $name),
                );
            }
            if (null !== $out) {
                $written = $this->writeReport($renderers, $report, (string) $out);
            }
        }
        $this->sayWritten($stderr, $written);
        $renderers->write($report, $format, $output);

        // A rung that does not apply to the app (or a runtime not there yet) is no failure.
        $broken = array_filter($report->rows, static fn ($row): bool => !$row->isMeasured() && null === $row->skipped);

        return [] === $broken && (null === $checks || $checks->passed()) ? Command::SUCCESS : Command::FAILURE;
    }

    /**
     * The comparison with the earlier run and the assertions judged, when asked for.
     *
     * @param list<Assertion> $assertions
     */
    private function checks(
        ?RecordedRun $earlier,
        array $assertions,
        AssertionEvaluator $evaluator,
        BenchResult $result,
        ?string $baselineFile,
        InputInterface $input,
    ): ?Checks {
        if (null === $earlier && [] === $assertions) {
            return null;
        }
        $recorded = RecordedRun::ofResult($result);
        $comparison = null === $earlier || null === $baselineFile
            ? null
            : (new RunComparer())->compare($recorded, $earlier, $baselineFile);

        return new Checks(
            $comparison,
            $evaluator->evaluate($assertions, $recorded, $comparison),
            true === $input->getOption('assert-strict'),
        );
    }

    /** @return list<string> the files written: report.md, report.json and chart.svg in the directory */
    private function writeReport(Renderers $renderers, BenchReport $report, string $directory): array
    {
        $files = new ReportWriter(
            $renderers->renderer(BenchReport::class, 'md'),
            $renderers->renderer(BenchReport::class, 'json'),
        );

        return $files->write($report, $directory);
    }

    /** @param list<string> $files */
    private function sayWritten(OutputInterface $stderr, array $files): void
    {
        foreach ($files as $file) {
            $stderr->writeln(' <info>✓</info> Wrote '.OutputFormatter::escape($file));
        }
    }
}
