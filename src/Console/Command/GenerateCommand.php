<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Bench\Config\BenchConfigLoader;
use Preheat\Config\PreheatJson;
use Preheat\Console\Extension\Registries;
use Preheat\Console\Option\InvalidOption;
use Preheat\Console\Option\SettingOptions;
use Preheat\Note;
use Preheat\Php\PhpInstallation;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Plan\Strategy\StrategyKind;
use Preheat\Process\NullProcessObserver;
use Preheat\Process\ProcessObserver;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\ConsoleProgressLogger;
use Preheat\Progress\ProgressLogger;
use Preheat\Progress\Timings;
use Preheat\Report\Formats\Renderers;
use Preheat\Report\GenerateReport;
use Preheat\Report\Terminal\TerminalWidth;
use Preheat\Report\TimingTableRenderer;
use Preheat\Script\Generate\GenerateOutcome;
use Preheat\Script\Generate\GenerateRequest;
use Preheat\Script\Generate\GenerateService;
use Preheat\Script\Generate\ReuseStore;
use Preheat\Script\Generate\VerificationReuse;
use Preheat\Server\ProcessSupervisor;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

final class GenerateCommand extends Command
{
    /** What `preheat help generate` shows: what it does, examples, exit codes. */
    private const HELP = <<<'HELP'
        Plans which files to preload from the project's Composer autoloader (and, with a usage store, from what
        real requests load), writes the script atomically, then boots PHP with it to check that it preloads.

        Examples:
          <info>preheat %command.name%</info>      every safe file, or hot when a usage store is found
          <info>preheat %command.name% --strategy=hot --store=preheat-usage.log</info>   what recorded traffic loads
          <info>preheat %command.name% --project=/srv/app --output=/srv/app/preload.php --pool-user=www-data</info>
          <info>preheat %command.name% --format=json > plan.json</info>   the plan as JSON (an error too)

        Exit codes: 0 written and verified, 1 verification failed, 2 bad input, 3 the environment failed.
        HELP;

    private readonly Strategies $strategies;
    private readonly Renderers $renderers;

    /** @param Registries $registries what --strategy and --format may name, and the runtimes trace serves with */
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly Registries $registries,
        private readonly ProcessObserver $observer = new NullProcessObserver(),
    ) {
        $this->strategies = $registries->strategies;
        $this->renderers = $registries->renderers;
        parent::__construct('generate');
    }

    protected function configure(): void
    {
        $this->setDescription('Write a preload script that is safe by construction, then verify it boots');
        $this->setHelp(self::HELP);
        PlanInput::configure($this);
        $this
            ->addOption(
                'strategy',
                null,
                InputOption::VALUE_REQUIRED,
                'What to preload: '.$this->strategies->describe().'. Default: hot from the best evidence found '
                .'(--store or preheat.json\'s bench.usage, else the hit counts of --from-fpm or of the php-fpm '
                .'whose pool files name where it listens), else '.$this->strategies->default()->name(),
                null,
                $this->strategies->names(),
            )
            ->addOption(
                'store',
                null,
                InputOption::VALUE_REQUIRED,
                'hot: the usage store (a file path or redis://host:port/db?prefix=...)',
            )
            ->addOption(
                'from-fpm',
                null,
                InputOption::VALUE_REQUIRED,
                'hot: the OPcache hit counts of the php-fpm serving the app, at this address (HOST:PORT or a socket '
                .'path, as its pool\'s `listen =`)',
            )
            ->addOption(
                'coverage',
                null,
                InputOption::VALUE_REQUIRED,
                'hot: preload the files behind this share of all file loads (default 0.99)',
            )
            ->addOption(
                'min-share',
                null,
                InputOption::VALUE_REQUIRED,
                'hot: only files at least this share of requests loads, e.g. 0.05',
            )
            ->addOption(
                'budget',
                null,
                InputOption::VALUE_REQUIRED,
                'hot/trace: preload memory not to exceed, e.g. 12M (checked by verification), or auto (hot\'s default: '
                .'stop where the next files bring fewer loads per MB than those every request loads; at most 32M)',
            )
            ->addOption(
                'url',
                null,
                InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY,
                'trace: a page to request (repeat for several); the app is served as preheat.json "bench" says',
            )
            ->addOption('trace-requests', null, InputOption::VALUE_REQUIRED, 'trace: requests per page', '3')
            ->addOption(
                'config',
                null,
                InputOption::VALUE_REQUIRED,
                'trace: the preheat.json whose "bench" section says how to serve the app (default: '.
                'PROJECT/preheat.json if present)',
            )
            ->addOption(
                'output',
                'o',
                InputOption::VALUE_REQUIRED,
                'Where to write the script (default: preload.php in the project root)',
            )
            ->addOption(
                'format',
                null,
                InputOption::VALUE_REQUIRED,
                $this->renderers->choices(GenerateReport::class).' (the plan, on stdout)',
                'text',
                $this->renderers->formats(GenerateReport::class),
            )
            ->addOption(
                'no-verify',
                null,
                InputOption::VALUE_NONE,
                'Write the script without booting PHP with it first',
            )
            ->addOption(
                'fix',
                null,
                InputOption::VALUE_NONE,
                'Kept for scripts that pass it: fix rounds are on by default',
            )
            ->addOption(
                'no-fix',
                null,
                InputOption::VALUE_NONE,
                'Do not drop what PHP refuses at start-up: fail instead',
            )
            ->addOption(
                'fix-rounds',
                null,
                InputOption::VALUE_REQUIRED,
                'How many times what PHP refused may be dropped and the script tried again',
                '5',
            )
            ->addOption(
                'no-fit',
                null,
                InputOption::VALUE_NONE,
                'Do not fit the plan to the php.ini\'s opcache.interned_strings_buffer and opcache.memory_consumption '.
                'when it overflows them: report the overflow and the value it needs instead',
            )
            ->addOption('strict', null, InputOption::VALUE_NONE, 'Treat start-up warnings as failures')
            ->addOption(
                'reverify',
                null,
                InputOption::VALUE_NONE,
                'Boot PHP with the script even when nothing changed since its last verification',
            );
        PhpInput::configure($this);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = PlanInput::format($input, ...$this->renderers->formats(GenerateReport::class));
        $strategy = StrategyInput::kind($input, $this->strategies);
        $fixRounds = self::fixRounds($input);
        $request = PlanInput::request($input);
        $generate = new GenerateRequest(
            plan: $request,
            options: PlanInput::options($input),
            outputPath: $this->outputPath($input, $request->projectRoot),
            verify: null,
            fixRounds: $input->getOption('no-fix') ? 0 : $fixRounds,
            strict: (bool) $input->getOption('strict'),
            fit: !$input->getOption('no-fit'),
            reuse: $this->reuse($input, $request),
        );
        // Every process this run starts goes through the timed runner, so that the timing table misses none.
        $timings = new Timings();
        $runner = new TimedProcessRunner($this->runner, $timings);
        $stderr = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
        $progress = new ConsoleProgressLogger($stderr);
        $php = $input->getOption('no-verify') ? null : static fn (): PhpInstallation => PhpInput::installation(
            $input,
            $runner,
            $request->phpBinary ?? \PHP_BINARY,
            null === $request->cacheFile ? null : \dirname($request->cacheFile),
        );
        $outcome = (new GenerateService($runner, $progress, $timings))->generate(
            $generate,
            $php,
            $this->strategyInput($input, $strategy, $request, $runner, $progress),
            null !== $strategy && $strategy->servesTheApp(),
        );
        $this->show($outcome, $timings, $format, $output, $stderr);

        return $outcome->succeeded() ? Command::SUCCESS : Command::FAILURE;
    }

    /** @return \Closure(?PhpInstallation): (SeedStrategy|null) the strategy --strategy names, with its input */
    private function strategyInput(
        InputInterface $input,
        ?StrategyKind $strategy,
        PlanRequest $request,
        ProcessRunner $runner,
        ProgressLogger $progress,
    ): \Closure {
        $strategies = $this->strategies;
        $observer = $this->observer;
        $registries = $this->registries;
        $configFile = null === $input->getOption('config') ? null : (string) $input->getOption('config');

        return static fn (?PhpInstallation $php): ?SeedStrategy => (new StrategyInput(
            $progress,
            $runner,
            // One supervisor for the run: it owns the signal handlers that stop a traced server on Ctrl-C.
            new ProcessSupervisor($runner, observer: $observer),
            // The file --config names (trace's), else the project's: the one the bench would read.
            PreheatJson::read($request->projectRoot, $configFile)->usage(),
            new BenchConfigLoader($registries->runtimes, $registries->tools, $strategies),
            $php,
        ))->strategy($input, $strategy, $request, $strategies);
    }

    private function show(
        GenerateOutcome $outcome,
        Timings $timings,
        string $format,
        OutputInterface $output,
        OutputInterface $stderr,
    ): void {
        // The timings only with -vv: they differ from run to run, and the plain output stays comparable.
        $report = $output->isVeryVerbose() ? $timings->report() : null;
        $describe = fn (Note $warning): string => SettingOptions::describe($warning->message, $warning->setting, $this);
        $this->renderers->write(new GenerateReport($outcome, $report, $describe), $format, $output);
        if (null !== $report) {
            $table = (new TimingTableRenderer())->render($report, TerminalWidth::of($stderr));
            $stderr->writeln($table, OutputInterface::OUTPUT_RAW);
        }
    }

    private static function fixRounds(InputInterface $input): int
    {
        $fixRounds = filter_var(
            $input->getOption('fix-rounds'),
            \FILTER_VALIDATE_INT,
            ['options' => ['min_range' => 1, 'max_range' => 50]],
        );
        if (false === $fixRounds) {
            throw new InvalidOption('--fix-rounds must be a whole number from 1 to 50.');
        }

        return $fixRounds;
    }

    /** Where the last verification is kept (beside the inventory cache), and when it may be reused. */
    private function reuse(InputInterface $input, PlanRequest $request): VerificationReuse
    {
        return new VerificationReuse(
            store: null === $request->cacheFile ? null : new ReuseStore(\dirname($request->cacheFile)),
            commandLine: $this->commandLine($input),
            reverify: (bool) $input->getOption('reverify'),
        );
    }

    /**
     * Every option and argument but those that only change how the outcome is shown: a run with any other
     * difference plans or verifies again. The working directory too, which relative paths are read against.
     */
    private function commandLine(InputInterface $input): string
    {
        $options = $input->getOptions();
        foreach (['format', 'reverify', 'verbose', 'quiet', 'ansi', 'no-interaction', 'help', 'version'] as $shown) {
            unset($options[$shown]);
        }
        // The PHP it stands for, given or not: another PHP running Preheat is another plan.
        $options['php'] ??= \PHP_BINARY;
        ksort($options);
        $arguments = $input->getArguments();
        ksort($arguments);

        return serialize([getcwd(), $options, $arguments]);
    }

    private function outputPath(InputInterface $input, string $projectRoot): string
    {
        $given = $input->getOption('output');
        if (null === $given) {
            return $projectRoot.'/preload.php';
        }
        $path = str_starts_with((string) $given, '/') ? (string) $given : getcwd().'/'.$given;
        $directory = realpath(\dirname($path));
        if (false === $directory) {
            throw new InvalidOption(\sprintf('--output=%s: directory %s does not exist.', $given, \dirname($path)));
        }
        if (is_dir($path)) {
            $message = \sprintf(
                '--output=%s is a directory: give the path of the script file, e.g. --output=%s/preload.php.',
                $given,
                rtrim((string) $given, '/'),
            );

            throw new InvalidOption($message);
        }

        return $directory.'/'.basename($path);
    }
}
