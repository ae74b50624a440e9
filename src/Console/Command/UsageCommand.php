<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Console\Option\FpmConfigOption;
use Preheat\Console\Option\InvalidOption;
use Preheat\Console\Option\SettingOptions;
use Preheat\Note;
use Preheat\Php\FastCgi\FastCgiAddress;
use Preheat\Php\FastCgi\FastCgiClient;
use Preheat\Php\PoolUser;
use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Report\Formats\Renderers;
use Preheat\Report\UsageMergeReport;
use Preheat\Report\UsageReport;
use Preheat\Usage\EmptyStoreDiagnosis;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\Fpm\FpmHitCounts;
use Preheat\Usage\Fpm\FpmHits;
use Preheat\Usage\Fpm\ProbeDirectoryError;
use Preheat\Usage\UsageMerger;
use Preheat\Usage\UsageStore;
use Preheat\Usage\UsageStoreError;
use Preheat\Usage\UsageStores;
use Preheat\Usage\UsageSummary;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

final class UsageCommand extends Command
{
    /** What `preheat help usage` shows: what it does, examples, exit codes. */
    private const HELP = <<<'HELP'
        Shows which PHP files the recorded requests loaded, or adds stores up with `merge`.

        Examples:
          <info>preheat %command.name%</info>                                   the project's preheat-usage.log
          <info>preheat %command.name% --project=/srv/app --top=50</info>
          <info>preheat %command.name% --store=a.log --store='redis://127.0.0.1:6379/0?prefix=app' --format=json</info>
          <info>preheat %command.name% merge --store=web1.log --store=web2.log --into=all.log</info>
          <info>preheat %command.name% --from-fpm=/run/php/php8.2-fpm.sock</info>   OPcache's hit counts, not a store

        Exit codes: 0 shown, 2 bad input or nothing recorded, 3 a store cannot be reached.
        HELP;

    public function __construct(
        private readonly Renderers $renderers,
        private readonly UsageMerger $merger = new UsageMerger(),
        private readonly EmptyStoreDiagnosis $diagnosis = new EmptyStoreDiagnosis(),
    ) {
        parent::__construct('usage');
    }

    protected function configure(): void
    {
        $this
            ->setHelp(self::HELP)
            ->setDescription(
                'Show which PHP files the recorded requests loaded (or, with `merge`, add stores up into another)',
            )
            ->addArgument('action', InputArgument::OPTIONAL, 'merge: add the --store stores up into --into')
            ->addOption(
                'store',
                null,
                InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY,
                'A usage store: a file, file://PATH or redis://HOST:PORT/DB?prefix=PREFIX (repeatable: they are '
                .'added up)',
            )
            ->addOption(
                'project',
                null,
                InputOption::VALUE_REQUIRED,
                'The project directory: a store given as a relative file is read from there, as `record` writes it',
                '.',
            )
            ->addOption('into', null, InputOption::VALUE_REQUIRED, 'With merge: the store to add them to')
            ->addOption(
                'top',
                null,
                InputOption::VALUE_REQUIRED,
                'How many of the most loaded files to list (-v: all)',
                '20',
            )
            ->addOption(
                'format',
                null,
                InputOption::VALUE_REQUIRED,
                $this->renderers->choices(UsageReport::class),
                'text',
                $this->renderers->formats(UsageReport::class),
            )
            ->addOption(
                'from-fpm',
                null,
                InputOption::VALUE_REQUIRED,
                'Instead of a store: the OPcache hit counts of the php-fpm listening at this address (HOST:PORT or '
                .'a socket path, as its pool\'s `listen =`)',
            )
            ->addOption(
                'probe-dir',
                null,
                InputOption::VALUE_REQUIRED,
                'With --from-fpm: a directory php-fpm can read, for the probe it runs (default: the working '
                .'directory)',
            )
            ->addOption('wait', null, InputOption::VALUE_REQUIRED, 'With --from-fpm: seconds to wait for php-fpm', '10')
            ->addOption(
                'pool-user',
                null,
                InputOption::VALUE_REQUIRED,
                'The user php-fpm\'s workers run as, checked against the store when it is empty (default: `user =` '
                .'of the php-fpm pool files, else www-data)',
            );
        FpmConfigOption::configure($this);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $action = $input->getArgument('action');
        $format = PlanInput::format(
            $input,
            ...$this->renderers->formats('merge' === $action ? UsageMergeReport::class : UsageReport::class),
        );
        if (null !== $input->getOption('from-fpm')) {
            return $this->fromFpm($input, $output, $action, $format);
        }
        $project = self::project($input);
        $stores = UsageMerger::distinct(array_values(array_map(
            static fn (mixed $dsn): UsageStore => UsageStores::open(\is_scalar($dsn) ? (string) $dsn : '', $project),
            (array) $input->getOption('store'),
        )));
        if ('merge' === $action) {
            return $this->merge($input, $output, $stores, $format);
        }
        if (null !== $action) {
            throw new InvalidOption(
                \sprintf(
                    'Unknown action "%s": use `preheat usage` to show a store, or `preheat usage merge --store=A '
                    .'--store=B --into=C`.',
                    \is_scalar($action) ? (string) $action : '',
                ),
            );
        }
        if (null !== $input->getOption('into')) {
            throw new InvalidOption('--into goes with `preheat usage merge`.');
        }
        $this->show($input, $output, $stores, $format, $project);

        return Command::SUCCESS;
    }

    /**
     * The stores' traffic added up, or, when they hold none, why (a store not written yet, or not a store at all).
     *
     * @param list<UsageStore> $stores none: the default file store of the project
     */
    private function show(
        InputInterface $input,
        OutputInterface $output,
        array $stores,
        string $format,
        string $project,
    ): void {
        $top = self::top($input, $output);
        if ([] === $stores) {
            $stores = [UsageStores::open(UsageStores::DEFAULT_FILE, $project)];
        }
        $names = implode(' + ', array_map(static fn (UsageStore $s): string => $s->describe(), $stores));
        foreach ($stores as $store) {
            if ($store instanceof FileUsageStore && !file_exists($store->path)) {
                throw $this->nothingRecorded($store, true, self::poolUser($input), $project);
            }
        }
        $snapshot = $this->merger->combine($stores);
        self::warn($output, $snapshot);
        if ($snapshot->isEmpty() && 0 === $snapshot->reading->batches && $snapshot->reading->skippedRecords > 0) {
            // Lines, but none a record: another file named by mistake, or garbage; not a recorder that has not run yet.
            throw UsageStoreError::notAStore($names, $snapshot->reading->skippedRecords);
        }
        if ($snapshot->isEmpty()) {
            throw $this->nothingRecorded(
                $stores[0],
                false,
                self::poolUser($input),
                $project,
            ); // every store is empty: the first tells what to check
        }
        $summary = UsageSummary::of($snapshot, $top);
        $this->renderers->write(new UsageReport($summary, $names), $format, $output);
    }

    /** How many files to list: --top's, or with -v and no --top every file, as -v shows every item on every command. */
    private static function top(InputInterface $input, OutputInterface $output): int
    {
        if ($output->isVerbose() && !$input->hasParameterOption('--top', true)) {
            return \PHP_INT_MAX;
        }
        $top = filter_var($input->getOption('top'), \FILTER_VALIDATE_INT, ['options' => ['min_range' => 0]]);
        if (false === $top) {
            throw new InvalidOption('--top must be a whole number of files, 0 or more.');
        }

        return $top;
    }

    /** The running php-fpm's hit counts, shown as a store's usage, with what they are not. */
    private function fromFpm(InputInterface $input, OutputInterface $output, mixed $action, string $format): int
    {
        if (null !== $action || [] !== (array) $input->getOption('store') || null !== $input->getOption('into')) {
            throw new InvalidOption(
                '--from-fpm shows the hit counts of a running php-fpm: give it alone, not with merge, --store or '
                .'--into.',
            );
        }
        $top = self::top($input, $output);
        $timeout = filter_var($input->getOption('wait'), \FILTER_VALIDATE_FLOAT);
        if (false === $timeout || $timeout <= 0 || $timeout > 600) {
            throw new InvalidOption('--wait must be a number of seconds above 0, at most 600.');
        }
        $address = FastCgiAddress::parse((string) $input->getOption('from-fpm'), '--from-fpm');
        $probeDir = (string) ($input->getOption('probe-dir') ?? getcwd());
        if (!is_dir($probeDir)) {
            throw new InvalidOption(\sprintf('--probe-dir=%s is not a directory.', $probeDir));
        }
        try {
            $hits = (new FpmHitCounts(new FastCgiClient($timeout)))->read($address, $probeDir);
        } catch (ProbeDirectoryError $error) {
            throw new InvalidOption($error->getMessage().' Give another with --probe-dir.');
        }
        $snapshot = $hits->snapshot();
        if (!$hits->opcacheEnabled || $snapshot->isEmpty()) {
            throw UsageStoreError::invalidStore(\sprintf(
                '%s has %s: serve some pages through it first (its counts start again at each restart).',
                $hits->server,
                $hits->opcacheEnabled ? 'no hit counts yet' : 'OPcache off (opcache.enable=0): no hit counts',
            ));
        }
        $this->renderers->write(
            new UsageReport(
                UsageSummary::of($snapshot, $top),
                $hits->server.' (OPcache hit counts)',
                hitCounts: true,
                preloadedScripts: \count($hits->preloadedUnder()),
            ),
            $format,
            $output,
        );
        $stderr = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
        $stderr->writeln(\sprintf(
            'Note: php-fpm\'s hit counts are %s. A script\'s loads are its hits plus the load that compiled it; '
            .'the busiest script\'s loads stand for the requests.',
            FpmHits::LIMITS,
        ));

        return Command::SUCCESS;
    }

    /** --project, checked: the directory relative stores are read from. */
    private static function project(InputInterface $input): string
    {
        $given = (string) $input->getOption('project');
        $directory = realpath($given);
        if (false === $directory || !is_dir($directory)) {
            throw new InvalidOption(
                \sprintf('--project=%s is not a directory: give the project\'s directory.', $given),
            );
        }

        return $directory;
    }

    private static function poolUser(InputInterface $input): string
    {
        $given = $input->getOption('pool-user');

        return null === $given ? PoolUser::configured(null, FpmConfigOption::value($input))[0] : (string) $given;
    }

    private function nothingRecorded(
        UsageStore $store,
        bool $missing,
        string $poolUser,
        string $projectDir,
    ): UsageStoreError {
        $file = $store instanceof FileUsageStore ? $store->path : null;

        $checks = $this->diagnosis->explain($store->describe(), $file, $projectDir, $poolUser);

        return UsageStoreError::nothingRecorded(
            $store->describe(),
            $missing,
            array_map(
                fn (Note $check): string => SettingOptions::describe($check->message, $check->setting, $this),
                $checks,
            ),
        );
    }

    /** What reading the stores skipped, on stderr: the report itself stays what the format says. */
    private static function warn(OutputInterface $output, UsageSnapshot $snapshot): void
    {
        $stderr = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
        foreach ($snapshot->reading->warnings as $warning) {
            $stderr->writeln('Warning: '.$warning, OutputInterface::OUTPUT_RAW);
        }
    }

    /** @param list<UsageStore> $sources */
    private function merge(InputInterface $input, OutputInterface $output, array $sources, string $format): int
    {
        $into = $input->getOption('into');
        if (!\is_string($into) || '' === $into || [] === $sources) {
            throw new InvalidOption(
                '`preheat usage merge` needs the stores to add up and where: --store=A --store=B --into=C.',
            );
        }
        $target = UsageStores::open($into, self::project($input));
        $merged = $this->merger->merge($sources, $target);
        self::warn($output, $merged);
        $sourceNames = array_map(static fn (UsageStore $s): string => $s->describe(), $sources);
        $report = new UsageMergeReport(
            $target->describe(),
            $sourceNames,
            $merged->requests,
            \count($merged->fileCounts),
            $merged->reading->skippedRecords,
        );
        $this->renderers->write($report, $format, $output);

        return Command::SUCCESS;
    }
}
