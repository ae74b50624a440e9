<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Console\Option\FpmConfigOption;
use Preheat\Console\Option\InvalidOption;
use Preheat\Console\Option\SettingOptions;
use Preheat\Php\PoolUser;
use Preheat\Recorder\Config;
use Preheat\Recorder\StoreDsn;
use Preheat\Report\Json;
use Preheat\Usage\AccessProblem;
use Preheat\Usage\ExistingPrepend;
use Preheat\Usage\RecorderFile;
use Preheat\Usage\RecorderInstaller;
use Preheat\Usage\RecorderSettings;
use Preheat\Usage\WriteAccess;
use Preheat\Util\DisplayString;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\OutputInterface;

final class RecordCommand extends Command
{
    /** What `preheat help record` shows: what it does, examples, exit codes. */
    private const HELP = <<<'HELP'
        Writes (with --install) the auto_prepend_file that records 1 request in N into a usage store, says how to
        enable it, and checks that the pool's user can write the store.

        Examples:
          <info>preheat %command.name%</info>                                   show what it would write
          <info>preheat %command.name% --install --store=/var/lib/preheat/usage.log --pool-user=www-data</info>
          <info>preheat %command.name% --install --store='redis://127.0.0.1:6379/0?prefix=app' --sample=100</info>
          <info>preheat %command.name% --format=json</info>

        Exit codes: 0 done (or shown), 1 installed but the pool's user cannot record, 2 bad input.
        HELP;

    /** 1 request in a million: rarer, and a day's traffic of most apps records nothing. */
    private const MAX_SAMPLE = 1_000_000;

    /**
     * Sampled requests a worker holds before it writes: each adds the files it loaded to what the worker holds in
     * memory.
     */
    private const MAX_BATCH = 100_000;

    /** A worker writes at least once a day: what it holds longer is lost when it is replaced. */
    private const MAX_FLUSH_SECONDS = 86_400;

    /** @var list<string> */
    private const FORMATS = ['text', 'json'];

    public function __construct(private readonly RecorderInstaller $installer = new RecorderInstaller())
    {
        parent::__construct('record');
    }

    protected function configure(): void
    {
        $this
            ->setHelp(self::HELP)
            ->setDescription(
                'Set up the recorder of which PHP files real requests load (without --install: show what it would do)',
            )
            ->addOption('install', null, InputOption::VALUE_NONE, 'Write the bootstrap file')
            ->addOption(
                'store',
                null,
                InputOption::VALUE_REQUIRED,
                'Where to record: a file (relative to the project), file://PATH or redis://HOST:PORT/DB?prefix=PREFIX',
                'preheat-usage.log',
            )
            ->addOption('sample', null, InputOption::VALUE_REQUIRED, 'Record 1 request in N', '10')
            ->addOption(
                'batch',
                null,
                InputOption::VALUE_REQUIRED,
                'Sampled requests a worker adds up before it writes to the store',
                '50',
            )
            ->addOption(
                'flush-seconds',
                null,
                InputOption::VALUE_REQUIRED,
                'Write at least this often (on the next sampled request)',
                '60',
            )
            ->addOption(
                'base',
                null,
                InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY,
                'Only record files under this directory (repeatable; default: every file)',
            )
            ->addOption(
                'bootstrap',
                null,
                InputOption::VALUE_REQUIRED,
                'The bootstrap file to write (default: preheat-recorder.php in the project)',
            )
            ->addOption(
                'buffer-dir',
                null,
                InputOption::VALUE_REQUIRED,
                'Where workers keep their counts between writes when APCu is off: a directory of the pool\'s user '
                .'only (default: preheat-recorder-UID under the temp directory, created by the workers)',
            )
            ->addOption(
                'pool-user',
                null,
                InputOption::VALUE_REQUIRED,
                'The user php-fpm\'s workers run as, which must be able to write the store and the buffer directory '
                .'(default: `user =` of the php-fpm pool files, else www-data)',
            )
            ->addOption('project', null, InputOption::VALUE_REQUIRED, 'The project directory', '.')
            ->addOption(
                'format',
                null,
                InputOption::VALUE_REQUIRED,
                'text or json (what was or would be written, the lines to enable it, and whether the pool\'s user can '
                .'record)',
                'text',
                self::FORMATS,
            );
        FpmConfigOption::configure($this);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = PlanInput::format($input, ...self::FORMATS);
        $bootstrap = $input->getOption('bootstrap');
        $settings = $this->installer->settings(
            (string) $input->getOption('project'),
            null === $bootstrap ? null : (string) $bootstrap,
            (string) $input->getOption('store'),
            self::number($input, 'sample', self::MAX_SAMPLE),
            self::number($input, 'batch', self::MAX_BATCH),
            self::number($input, 'flush-seconds', self::MAX_FLUSH_SECONDS),
            array_values(array_map('strval', (array) $input->getOption('base'))),
            null === $input->getOption('buffer-dir') ? null : (string) $input->getOption('buffer-dir'),
        );
        $path = $settings->bootstrapPath;
        $install = (bool) $input->getOption('install');
        if ('json' === $format) {
            return $this->json($input, $output, $settings, $install);
        }
        if ($install) {
            $this->installer->install($settings);
            $output->writeln(
                \sprintf(
                    'Wrote %s: it records 1 request in %d into %s.',
                    $path,
                    $settings->sample,
                    StoreDsn::describe($settings->store),
                ),
                OutputInterface::OUTPUT_RAW,
            );
        } else {
            $output->writeln(
                \sprintf('Would write %s (run again with --install to write it):', $path),
                OutputInterface::OUTPUT_RAW,
            );
            $output->writeln('');
            $output->writeln(explode("\n", rtrim($this->installer->bootstrap($settings))), OutputInterface::OUTPUT_RAW);
        }
        $prepends = ExistingPrepend::find($path, FpmConfigOption::value($input));
        $output->writeln(['', ...$this->enableLines($path, $prepends), ''], OutputInterface::OUTPUT_RAW);
        if (str_contains(RecorderInstaller::recorderPath(), '/vendor/')) {
            $output->writeln(
                \sprintf(
                    'The bootstrap loads %s: if production installs with `composer install --no-dev`, require '
                    .'preheat/preheat without --dev, or the bootstrap records nothing.',
                    RecorderInstaller::recorderPath(),
                ),
                OutputInterface::OUTPUT_RAW,
            );
        }
        $output->writeln([
            'Then look at what it recorded: preheat usage --store='.StoreDsn::describe($settings->store),
            \sprintf('To stop: remove the auto_prepend_file line, reload PHP, then delete %s.', $path),
        ], OutputInterface::OUTPUT_RAW);

        [$poolUser, $source] = self::poolUser($input);
        $problems = $this->accessProblems($settings, $poolUser);
        $output->writeln('');
        if ([] === $problems) {
            $output->writeln(
                \sprintf('The pool\'s user %s (%s) can write the store and the buffer directory.', $poolUser, $source),
                OutputInterface::OUTPUT_RAW,
            );

            return Command::SUCCESS;
        }
        // Paths, the user's name and where it came from (a pool file) are printed as written: what the project
        // names is no console markup. Only the verdict line is styled.
        $output->writeln(\sprintf(
            '<error>%s</error>',
            OutputFormatter::escape(\sprintf('The pool\'s user %s (%s) cannot record as set up:', $poolUser, $source)),
        ));
        foreach ($problems as $problem) {
            $output->writeln(\sprintf('  %s', $problem->problem), OutputInterface::OUTPUT_RAW);
            $output->writeln(
                \sprintf('    fix: %s', SettingOptions::describe($problem->fix, $problem->setting, $this)),
                OutputInterface::OUTPUT_RAW,
            );
        }
        $output->writeln(
            '(If php-fpm runs its workers as another user, pass --pool-user=USER: the `user =` of the pool.)',
        );

        return $install ? Command::FAILURE : Command::SUCCESS;
    }

    /**
     * How to enable the bootstrap: an auto_prepend_file line, or, when a pool prepends a file already (PHP prepends
     * one only, so the line would replace it), a require at the top of that file.
     *
     * @param list<ExistingPrepend> $prepends
     *
     * @return list<string>
     */
    private function enableLines(string $path, array $prepends): array
    {
        $require = 'require '.var_export($path, true).';';
        if ([] === $prepends) {
            return [
                'To enable it, add to the php.ini of php-fpm (or of Apache mod_php), then reload PHP:',
                '    '.$this->installer->iniLine($path),
                'or, for one php-fpm pool only, to its pool file (e.g. /etc/php/8.2/fpm/pool.d/www.conf):',
                '    '.$this->installer->poolLine($path),
                'If the app already has an auto_prepend_file, add `'.$require.'` at its top instead.',
            ];
        }
        $lines = ['php-fpm prepends a file already, and PHP prepends one only: an auto_prepend_file line for the '
            .'bootstrap would replace it, and that file would stop running.'];
        foreach ($prepends as $prepend) {
            $lines[] = \sprintf(
                '  %s sets %s = %s (%s)',
                null === $prepend->pool ? 'php.ini' : 'pool ['.DisplayString::of($prepend->pool).']',
                $prepend->directive->name,
                DisplayString::of($prepend->directive->value),
                DisplayString::of($prepend->directive->where()),
            );
        }
        $lines[] = 'To enable it, add this line at the top of that file (before its own code, so that the recorder '
            .'sees every file), then reload PHP:';
        $lines[] = '    '.$require;

        return $lines;
    }

    /** The report as JSON, for a deployment script: the same facts as the text, the same exit code. */
    private function json(
        InputInterface $input,
        OutputInterface $output,
        RecorderSettings $settings,
        bool $install,
    ): int {
        if ($install) {
            $this->installer->install($settings);
        }
        [$poolUser, $source] = self::poolUser($input);
        $problems = $this->accessProblems($settings, $poolUser);
        $prepends = ExistingPrepend::find($settings->bootstrapPath, FpmConfigOption::value($input));
        $output->writeln(
            Json::encode(
                [
                    'bootstrap' => $settings->bootstrapPath,
                    'written' => $install,
                    'store' => StoreDsn::describe($settings->store),
                    'sample' => $settings->sample,
                    // null when a pool prepends a file already: the line would replace it; requireLine goes at its top.
                    'iniLine' => [] === $prepends ? $this->installer->iniLine($settings->bootstrapPath) : null,
                    'poolLine' => [] === $prepends ? $this->installer->poolLine($settings->bootstrapPath) : null,
                    'requireLine' => 'require '.var_export($settings->bootstrapPath, true).';',
                    'existingPrepends' => array_map(
                        static fn (ExistingPrepend $prepend): array => [
                            'pool' => $prepend->pool,
                            'setting' => $prepend->directive->name,
                            'file' => $prepend->directive->value,
                            'where' => $prepend->directive->where(),
                        ],
                        $prepends,
                    ),
                    'poolUser' => ['name' => $poolUser, 'source' => $source, 'canRecord' => [] === $problems],
                    'problems' => array_map(
                        fn (AccessProblem $problem): array => [
                            'problem' => $problem->problem,
                            'fix' => SettingOptions::describe($problem->fix, $problem->setting, $this),
                        ],
                        $problems,
                    ),
                ],
            ),
            OutputInterface::OUTPUT_RAW,
        );

        return $install && [] !== $problems ? Command::FAILURE : Command::SUCCESS;
    }

    /** @return array{string, string} the pool's user, and where it came from */
    private static function poolUser(InputInterface $input): array
    {
        $given = $input->getOption('pool-user');

        return null === $given
            ? PoolUser::configured(null, FpmConfigOption::value($input))
            : [(string) $given, '--pool-user'];
    }

    /** @return list<AccessProblem> */
    private function accessProblems(RecorderSettings $settings, string $poolUserName): array
    {
        $user = PoolUser::named($poolUserName);
        if (null === $user) {
            return [
                new AccessProblem(
                    \sprintf('there is no user "%s" on this machine', $poolUserName),
                    'pass --pool-user=USER, the `user =` of your php-fpm pool',
                ),
            ];
        }
        $access = new WriteAccess();
        $problems = 'file' === $settings->store['type']
            ? $access->storeFile($user, (string) $settings->store['path'])
            : [];
        RecorderFile::load();

        return [
            ...$problems,
            ...$access->bufferDirectory(
                $user,
                $settings->bufferDir ?? Config::defaultBufferDir($user->uid),
                null === $settings->bufferDir,
            ),
        ];
    }

    private static function number(InputInterface $input, string $option, int $max): int
    {
        $value = filter_var($input->getOption($option), \FILTER_VALIDATE_INT, ['options' => ['min_range' => 1]]);
        if (false === $value) {
            throw new InvalidOption(
                \sprintf(
                    '--%s must be a whole number of at least 1, got "%s".',
                    $option,
                    \is_scalar($input->getOption($option)) ? (string) $input->getOption($option) : '',
                ),
            );
        }
        if ($value > $max) {
            throw new InvalidOption(\sprintf('--%s must be at most %d, got %d.', $option, $max, $value));
        }

        return $value;
    }
}
