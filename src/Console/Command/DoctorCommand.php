<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Config\PreheatJson;
use Preheat\Console\Option\FpmConfigOption;
use Preheat\Console\Option\InvalidOption;
use Preheat\Doctor\AppProfiler;
use Preheat\Doctor\Doctor;
use Preheat\Doctor\DoctorReport;
use Preheat\Doctor\ServerConfigReader;
use Preheat\Php\PhpInstallationLocator;
use Preheat\Process\ProcessRunner;
use Preheat\Report\Formats\Renderers;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\OutputInterface;

/** Exit codes: 0 nothing to fix (notices only), 1 a warning, 4 an error; 2 bad input, 3 the environment failed. */
final class DoctorCommand extends Command
{
    /** What `preheat help doctor` shows: what it does, examples, exit codes. */
    private const HELP = <<<'HELP'
        Reads the php.ini and pool files php-fpm uses and lists what keeps preloading from working or from paying off,
        each with its fix.

        Examples:
          <info>preheat %command.name%</info>
          <info>preheat %command.name% --php=/usr/bin/php8.3 --pool=/etc/php/8.3/fpm/pool.d/www.conf</info>
          <info>preheat %command.name% --measure --format=json</info>

        Exit codes: 0 nothing to fix, 1 a warning, 4 an error, 2 bad input, 3 the environment failed.
        HELP;

    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly Renderers $renderers,
    ) {
        parent::__construct('doctor');
    }

    protected function configure(): void
    {
        $this
            ->setHelp(self::HELP)
            ->setDescription(
                'Read the configuration php-fpm runs with and the app, and say what to change first: each finding '
                .'with the line to change and the ladder rung that measures it',
            )
            ->addOption('project', null, InputOption::VALUE_REQUIRED, 'The app\'s root (where composer.json is)', '.')
            ->addOption(
                'path',
                null,
                InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY,
                'A directory or file of the app\'s code, relative to the project root (default: preheat.json\'s '
                .'generate.paths, else the project without tests and docs, plus vendor/)',
            )
            ->addOption(
                'php',
                null,
                InputOption::VALUE_REQUIRED,
                'The PHP binary php-fpm runs (default: the PHP running Preheat)',
            )
            ->addOption(
                'ini',
                null,
                InputOption::VALUE_REQUIRED,
                'The php.ini php-fpm uses, or the directory its -c names when it has none (default: the one the '
                .'php-fpm matching --php loads)',
            )
            ->addOption(
                'pool',
                null,
                InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY,
                'A php-fpm pool file (default: the pools of php-fpm\'s configuration, see --fpm-config)',
            )
            ->addOption(
                'measure',
                null,
                InputOption::VALUE_NONE,
                'Compile every file with OPcache to measure what the app takes (default: estimate from the source '
                .'size)',
            )
            ->addOption(
                'format',
                null,
                InputOption::VALUE_REQUIRED,
                $this->renderers->choices(DoctorReport::class),
                'text',
                $this->renderers->formats(DoctorReport::class),
            );
        FpmConfigOption::configure($this);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = PlanInput::format($input, ...$this->renderers->formats(DoctorReport::class));
        $project = (string) $input->getOption('project');
        $root = realpath($project);
        if (false === $root || !is_dir($root)) {
            throw new InvalidOption(\sprintf('--project=%s is not a directory: give the app\'s root.', $project));
        }
        $paths = self::paths($input, $root);
        $ini = $input->getOption('ini');
        $php = PhpInput::binary($input);
        $pools = array_values(array_map('strval', (array) $input->getOption('pool')));
        $server = (
            new ServerConfigReader($this->runner, new PhpInstallationLocator($this->runner))
        )->read($php, null === $ini ? null : (string) $ini, $pools, FpmConfigOption::value($input));
        $app = (new AppProfiler($this->runner))->profile(
            $root,
            $paths,
            $server,
            $php,
            (bool) $input->getOption('measure'),
        );
        $report = (new Doctor())->examine($server, $app);
        $this->renderers->write($report, $format, $output);

        return $report->exitCode();
    }

    /**
     * The app's paths doctor profiles: --path (read against the app's root), else those `generate` scans.
     *
     * @return list<string>
     */
    private static function paths(InputInterface $input, string $root): array
    {
        $given = array_values(array_map('strval', (array) $input->getOption('path')));
        if ([] === $given) {
            // The paths `generate` scans for this app (preheat.json's generate.paths), e.g. a framework under
            // /usr/share/php, as Debian installs it.
            $given = PreheatJson::read($root)->generate()->paths;
        }
        $paths = [];
        foreach ($given as $path) {
            $path = (string) $path;
            $absolute = str_starts_with($path, '/') ? $path : $root.'/'.$path;
            if (!file_exists($absolute)) {
                throw new InvalidOption(
                    \sprintf('--path=%s does not exist under %s: give a directory or file of the app.', $path, $root),
                );
            }
            $paths[] = realpath($absolute) ?: $absolute;
        }

        return $paths;
    }
}
