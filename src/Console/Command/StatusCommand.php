<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Console\Option\FpmConfigOption;
use Preheat\Console\Option\InvalidOption;
use Preheat\Deploy\PreloadStatus;
use Preheat\Deploy\PreloadStatusChecker;
use Preheat\Deploy\StatusUnknown;
use Preheat\Doctor\ServerConfigReader;
use Preheat\Php\FastCgi\FastCgiClient;
use Preheat\Php\OpcacheStatus;
use Preheat\Php\PhpInstallationLocator;
use Preheat\Process\ProcessRunner;
use Preheat\Report\Formats\Renderers;
use Preheat\Util\AtomicFile;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * Exit codes: 0 fresh, 1 stale (restart php-fpm) or the pool's user cannot read files of the app, 2 bad input,
 * 3 php-fpm cannot be reached (in every format; --format=openmetrics and --format=prometheus then still print the
 * state "unknown").
 */
final class StatusCommand extends Command
{
    /** What `preheat help status` shows: what it does, examples, exit codes. */
    private const HELP = <<<'HELP'
        Asks a running php-fpm (over FastCGI, or through the app's web server with --status-url) what it preloaded,
        and whether that is the script and the files on disk now; and whether the user it runs requests as can read
        every file of the app (--project) that requests can load.

        Examples:
          <info>preheat %command.name%</info>                                   the first pool's `listen =`
          <info>preheat %command.name% preload.php --fastcgi=/run/php/php8.2-fpm.sock</info>
          <info>preheat %command.name% --project=/srv/app --format=prometheus</info>      for node_exporter
          <info>preheat %command.name% --write-probe=public/preheat-status.php</info>, served by the app, then
          <info>preheat %command.name% --status-url=https://app.example/preheat-status.php</info>

        Exit codes: 0 fresh, 1 stale (restart php-fpm) or the pool's user cannot read files requests load (with the
        chmod that fixes it), 2 bad input, 3 php-fpm cannot be reached.
        HELP;

    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly Renderers $renderers,
    ) {
        parent::__construct('status');
    }

    protected function configure(): void
    {
        $this
            ->setHelp(self::HELP)
            ->setDescription(
                'Ask a running php-fpm what it preloaded, and whether that is the script and the files on disk now',
            )
            ->addArgument(
                'script',
                InputArgument::OPTIONAL,
                'The preload script php-fpm is configured with (relative to --project)',
                'preload.php',
            )
            ->addOption('project', null, InputOption::VALUE_REQUIRED, 'The project directory', '.')
            ->addOption(
                'fastcgi',
                null,
                InputOption::VALUE_REQUIRED,
                'Where the pool listens: HOST:PORT or a socket path (its `listen =`)',
            )
            ->addOption(
                'pool',
                null,
                InputOption::VALUE_REQUIRED,
                'Without --fastcgi: the pool file whose `listen =` to use (default: the first pool of php-fpm\'s '
                .'pool.d)',
            )
            ->addOption(
                'php',
                null,
                InputOption::VALUE_REQUIRED,
                'Without --fastcgi and --pool: the PHP binary whose php-fpm to ask (default: the PHP running Preheat)',
            )
            ->addOption(
                'status-url',
                null,
                InputOption::VALUE_REQUIRED,
                'Instead of FastCGI: the URL where the app serves the status probe (see --write-probe)',
            )
            ->addOption(
                'write-probe',
                null,
                InputOption::VALUE_REQUIRED,
                'Write the status probe to this file (for --status-url: a file the app\'s web server runs; protect or '
                .'remove it, it shows paths) and exit',
            )
            ->addOption(
                'probe-dir',
                null,
                InputOption::VALUE_REQUIRED,
                'Where to put the one-off status script php-fpm runs: a directory php-fpm can read (default: the '
                .'script\'s)',
            )
            ->addOption('wait', null, InputOption::VALUE_REQUIRED, 'Seconds to wait for php-fpm to answer', '10')
            ->addOption(
                'format',
                null,
                InputOption::VALUE_REQUIRED,
                $this->renderers->choices(PreloadStatus::class),
                'text',
                $this->renderers->formats(PreloadStatus::class),
            );
        FpmConfigOption::configure($this);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = PlanInput::format($input, ...$this->renderers->formats(PreloadStatus::class));
        $probeFile = $input->getOption('write-probe');
        if (null !== $probeFile) {
            $this->writeProbe((string) $probeFile, $output);

            return Command::SUCCESS;
        }
        [$address, $url] = $this->server($input);
        $timeout = filter_var($input->getOption('wait'), \FILTER_VALIDATE_FLOAT);
        if (false === $timeout || $timeout <= 0) {
            throw new InvalidOption('--wait must be a number of seconds above 0.');
        }
        $probeDir = $input->getOption('probe-dir');
        $checker = new PreloadStatusChecker(new FastCgiClient($timeout));
        $script = self::script($input);
        $project = self::project($input, $script);
        try {
            $status = null !== $url
                ? $checker->checkUrl($url, $script, $timeout, $project)
                : $checker->check((string) $address, $script, null === $probeDir ? null : (string) $probeDir, $project);
            $this->renderers->write($status, $format, $output);
        } catch (\Throwable $failed) {
            // A format that reports an unknown status (monitoring) writes it whatever failed (php-fpm unreachable,
            // an answer that cannot be read, a bug of ours), so that a metrics file does not go on saying what a
            // server that no longer answers said last, nor end empty; the exit code and message stay. A report is
            // written whole or not at all, so this is all that is written.
            if (\in_array($format, $this->renderers->formats(StatusUnknown::class), true)) {
                $server = (string) ($url ?? $address);
                $this->renderers->write(StatusUnknown::of($server, $script, $failed), $format, $output);
            }

            throw $failed;
        }

        return $status->exitCode();
    }

    private function writeProbe(string $probeFile, OutputInterface $output): void
    {
        if (is_dir($probeFile)) {
            throw new InvalidOption(
                \sprintf(
                    '--write-probe=%s is a directory: give the path of the probe file, e.g. '
                    .'--write-probe=%s/preheat-status.php.',
                    $probeFile,
                    rtrim($probeFile, '/'),
                ),
            );
        }
        AtomicFile::write($probeFile, OpcacheStatus::probeCode(), AtomicFile::READABLE);
        $output->writeln(
            \sprintf(
                'Wrote the status probe to %s: serve it at a URL of the app, run '
                .'`preheat status --status-url=URL`, and keep it from the public (it shows paths and OPcache\'s '
                .'state).',
                $probeFile,
            ),
        );
    }

    /**
     * The server to ask: php-fpm's address (--fastcgi, else the first pool's `listen =`) or the probe's URL
     * (--status-url), one of them.
     *
     * @return array{?string, ?string} the address and the URL
     */
    private function server(InputInterface $input): array
    {
        $address = $input->getOption('fastcgi');
        $url = $input->getOption('status-url');
        if (null !== $address && null !== $url) {
            throw new InvalidOption(
                'give one of --fastcgi (the address php-fpm\'s pool listens on) and --status-url (where the app '
                .'serves the status probe), not both.',
            );
        }
        if (null === $address && null === $url) {
            $address = $this->listenAddress($input);
        }

        return [null === $address ? null : (string) $address, null === $url ? null : (string) $url];
    }

    /** The script argument, read against --project when relative. */
    private static function script(InputInterface $input): string
    {
        $script = (string) $input->getArgument('script');
        $project = (string) $input->getOption('project');
        if (!is_dir($project)) {
            throw new InvalidOption(
                \sprintf('--project=%s is not a directory: give the project\'s directory.', $project),
            );
        }
        if (str_starts_with($script, '/') || '.' === $project) {
            return $script;
        }

        return rtrim($project, '/').'/'.$script;
    }

    /**
     * The app whose files the pool's user must read: --project, or, when it is not given and the script is named by
     * an absolute path, the script's directory (where generate writes it).
     */
    private static function project(InputInterface $input, string $script): string
    {
        $project = (string) $input->getOption('project');

        return '.' === $project && str_starts_with($script, '/') ? \dirname($script) : $project;
    }

    /** The first pool's `listen =`: of --pool, else of the pool.d next to the ini of the php-fpm matching --php. */
    private function listenAddress(InputInterface $input): string
    {
        $pool = $input->getOption('pool');
        $installation = null === $pool
            ? (new PhpInstallationLocator($this->runner))
                ->locate(PhpInput::binary($input), null, null, null, FpmConfigOption::value($input))
            : null;
        $pools = null === $pool ? [] : [(string) $pool];
        $configs = ServerConfigReader::pools($installation?->settings->iniFile, $pools, $installation?->fpmConfig);
        foreach ($configs as $config) {
            $listen = trim($config->values['listen'] ?? '');
            if ('' !== $listen) {
                // A bare port is php-fpm's shorthand for all addresses on it: ask on loopback.
                return ctype_digit($listen) ? '127.0.0.1:'.$listen : $listen;
            }
        }

        throw new InvalidOption(
            'no `listen =` in the php-fpm pool files: give --fastcgi (the address php-fpm\'s pool listens on) or '
            .'--status-url.',
        );
    }
}
