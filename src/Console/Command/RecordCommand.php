<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Console\Option\FpmConfigOption;
use Preheat\Console\Option\InvalidOption;
use Preheat\Console\Option\SettingOptions;
use Preheat\Report\Formats\Renderers;
use Preheat\Report\RecorderSetupReport;
use Preheat\Setting;
use Preheat\Usage\RecorderInstaller;
use Preheat\Usage\RecorderSetup;
use Symfony\Component\Console\Command\Command;
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

    public function __construct(
        private readonly Renderers $renderers,
        private readonly RecorderInstaller $installer = new RecorderInstaller(),
    ) {
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
                $this->renderers->choices(RecorderSetupReport::class).' (what was or would be written, the lines to '
                .'enable it, and whether the pool\'s user can record)',
                'text',
                $this->renderers->formats(RecorderSetupReport::class),
            );
        FpmConfigOption::configure($this);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = PlanInput::format($input, ...$this->renderers->formats(RecorderSetupReport::class));
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
        $poolUser = $input->getOption('pool-user');
        $outcome = (new RecorderSetup($this->installer))->run(
            $settings,
            (bool) $input->getOption('install'),
            null === $poolUser ? null : (string) $poolUser,
            FpmConfigOption::value($input),
        );
        // Each fix names the option of this command that sets its setting.
        $report = RecorderSetupReport::of(
            $outcome,
            fn (string $fix, ?Setting $setting): string => SettingOptions::describe($fix, $setting, $this),
        );
        $this->renderers->write($report, $format, $output);

        return $outcome->failed() ? Command::FAILURE : Command::SUCCESS;
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
