<?php

declare(strict_types=1);

namespace Preheat\Server\NginxFpm;

use Preheat\Php\OpcacheStatus;
use Preheat\Php\PhpInstallation;
use Preheat\Process\RunningProcess;
use Preheat\Server\ConfigQuote;
use Preheat\Server\PhpIni;
use Preheat\Server\Ports;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\RuntimeError;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\ScenarioDirectory;
use Preheat\Server\ServerBinary;
use Preheat\Server\StackSettings;
use Preheat\Server\StartWait;
use Preheat\Server\StatusPaths;
use Preheat\Util\FileSystemError;

/**
 * Starts php-fpm (pm = static) and nginx in front of it from a directory of their own, on a free
 * loopback port, and waits until both answer. The OPcache probe (StatusPaths::opcache()) reports
 * OPcache's view from inside php-fpm, without touching the app; php-fpm's own status page
 * (StatusPaths::server()) the requests the pool accepted and its busy workers. As root, nginx's workers
 * run as the pool's user, as php-fpm's do: never as root. The php-fpm and nginx configurations
 * and the FastCGI parameters are the templates next to this class.
 */
final class NginxFpmLauncher implements RuntimeFactory
{
    public function __construct(
        private readonly ProcessSupervisor $supervisor,
        private readonly StackSettings $settings,
    ) {
    }

    public function start(
        string $name,
        string $directory,
        ?string $preloadScript,
        array $extraIni = [],
    ): NginxFpmRuntime {
        $fpmBinary = ServerBinary::find($this->settings->fpmBinary, 'php8.2-fpm');
        $nginxBinary = ServerBinary::find($this->settings->nginxBinary, 'nginx');
        if (!is_dir($directory.'/nginx-temp') && !mkdir($directory.'/nginx-temp', 0o755, true)) {
            throw FileSystemError::cannotCreateDirectory($directory.'/nginx-temp');
        }
        $socket = $directory.'/fpm.sock';
        $phpErrorLog = $directory.'/php-errors.log';
        $fpmErrorLog = $directory.'/fpm.log';
        $php = $this->settings->php;
        $settings = $php->preloadSettings($preloadScript) + $extraIni + PhpIni::benchmarkSettings($phpErrorLog);
        $environment = PhpIni::write($this->supervisor, $directory.'/php.ini', $php->settings, $settings);
        file_put_contents($directory.'/status.php', OpcacheStatus::probeCode());
        $asRoot = \function_exists('posix_geteuid') && 0 === posix_geteuid();
        // As root, nginx's workers run as the pool's user too: a worker running as root would serve any file of the
        // machine.
        $user = $asRoot ? ($php->user ?? 'www-data') : $php->user;
        // Workers run as the pool's user, as in production: they read the scenario's files and write its logs.
        if (null !== $user) {
            ScenarioDirectory::handOver($directory, $user);
        }
        ScenarioDirectory::keepPrivate($directory);
        $paths = StatusPaths::random();
        // Rendered once before anything starts, so that a path nginx cannot carry is refused first.
        $this->nginxConfig($directory, 0, $socket, $asRoot ? $user : null, $paths);
        $this->supervisor->writeConfig(
            $directory.'/php-fpm.conf',
            $this->fpmConfig($directory, $socket, $fpmErrorLog, $user, $paths),
        );

        $fpmCommand = [
            $fpmBinary,
            '--nodaemonize',
            '--fpm-config',
            $directory.'/php-fpm.conf',
            '--php-ini',
            $directory.'/php.ini',
        ];
        if ($asRoot) {
            $fpmCommand[] = '--allow-to-run-as-root';
        }
        $started = hrtime(true);
        $fpm = $this->supervisor->start($fpmCommand, $directory, $environment);
        $this->waitFor('php-fpm for scenario '.$name, $fpm, 'unix://'.$socket, $fpmErrorLog.' '.$phpErrorLog);
        $fpmStart = (hrtime(true) - $started) / 1e9;

        $port = Ports::forServer();
        $this->supervisor->writeConfig(
            $directory.'/nginx.conf',
            $this->nginxConfig($directory, $port, $socket, $asRoot ? $user : null, $paths),
        );
        $nginx = $this->supervisor->start(
            [$nginxBinary, '-p', $directory, '-c', $directory.'/nginx.conf', '-e', $directory.'/nginx-error.log'],
            $directory,
        );
        try {
            $this->waitFor(
                'nginx for scenario '.$name,
                $nginx,
                'tcp://127.0.0.1:'.$port,
                $directory.'/nginx-error.log',
            );
            // Another process may have taken the port since it was found free, while nginx retries its bind().
            Ports::assertHeldBy(
                $port,
                array_filter([$nginx->pid()]),
                'nginx',
                (string) @file_get_contents($directory.'/nginx-error.log'),
            );
        } catch (RuntimeError $error) {
            if ($nginx->isRunning()) {
                $this->supervisor->stop($nginx);
            }
            $this->supervisor->stop($fpm);
            $failure = Ports::failedStart(
                $error,
                $port,
                'nginx',
                (string) @file_get_contents($directory.'/nginx-error.log'),
            );
            throw $failure;
        }

        $runtime = new NginxFpmRuntime(
            $this->supervisor,
            $name,
            $directory,
            $port,
            $fpm,
            $nginx,
            $fpmStart,
            $fpmErrorLog,
            $phpErrorLog,
            $paths,
        );
        $runtime->workerPids();

        return $runtime;
    }

    public function php(): PhpInstallation
    {
        return $this->settings->php;
    }

    private function waitFor(string $what, RunningProcess $process, string $address, string $logs): void
    {
        try {
            StartWait::until(
                $what,
                $process,
                static fn (): bool => Ports::accepts($address),
                'it did not answer on '.$address,
                explode(' ', $logs),
                $this->settings->startTimeout,
            );
        } catch (RuntimeError $error) {
            if ($process->isRunning()) {
                $this->supervisor->stop($process);
            }
            throw $error;
        }
    }

    private function fpmConfig(
        string $directory,
        string $socket,
        string $errorLog,
        ?string $user,
        StatusPaths $paths,
    ): string {
        $where = 'the scenario directory (under the temporary directory, TMPDIR)';
        $poolUser = '';
        if (null !== $user) {
            $user = ConfigQuote::account($user, 'the pool\'s user');
            $group = ConfigQuote::account(ScenarioDirectory::groupOf($user), 'the pool\'s group');
            // The master (root) creates the socket: nginx's workers, running as this user, must be able to connect.
            $poolUser = implode(
                "\n",
                [
                    'user = '.$user,
                    'group = '.$group,
                    'listen.owner = '.$user,
                    'listen.group = '.$group,
                    'listen.mode = 0660',
                ],
            );
        }

        return strtr((string) file_get_contents(__DIR__.'/php-fpm.conf.template'), [
            '{{pid}}' => ConfigQuote::fpm($directory.'/fpm.pid', $where),
            '{{errorLog}}' => ConfigQuote::fpm($errorLog, $where),
            // Without a user (not root), php-fpm runs the workers as whoever started it.
            '{{poolUser}}' => $poolUser,
            '{{socket}}' => ConfigQuote::fpm($socket, $where),
            '{{workers}}' => (string) $this->settings->workers,
            '{{fpmStatusPath}}' => $paths->server(),
        ]);
    }

    private function nginxConfig(
        string $directory,
        int $port,
        string $socket,
        ?string $user,
        StatusPaths $paths,
    ): string {
        $root = $this->settings->documentRoot;
        $where = 'the scenario directory (under the temporary directory, TMPDIR)';
        $documentRoot = 'the document root (bench.documentRoot)';
        $fastcgi = preg_replace(
            '/^(?=.)/m',
            '            ',
            trim((string) file_get_contents(__DIR__.'/fastcgi_params')),
        );

        return strtr((string) file_get_contents(__DIR__.'/nginx.conf.template'), [
            '{{pid}}' => ConfigQuote::nginx($directory.'/nginx.pid', $where),
            '{{errorLog}}' => ConfigQuote::nginx($directory.'/nginx-error.log', $where),
            '{{temp}}' => ConfigQuote::nginx($directory.'/nginx-temp', $where),
            '{{user}}' => null === $user ? '' : \sprintf(
                'user %s %s;',
                ConfigQuote::account($user, 'the pool\'s user'),
                ConfigQuote::account(ScenarioDirectory::groupOf($user), 'the pool\'s group'),
            ),
            '{{port}}' => (string) $port,
            '{{root}}' => ConfigQuote::nginxScript($root, $documentRoot),
            '{{socket}}' => ConfigQuote::nginxScript($socket, $where),
            '{{statusPath}}' => $paths->opcache(),
            '{{fpmStatusPath}}' => $paths->server(),
            '{{statusScript}}' => ConfigQuote::nginxScript($directory.'/status.php', $where),
            '{{fastcgiParams}}' => (string) $fastcgi,
            '{{frontController}}' => ConfigQuote::nginxScript(
                '/'.ltrim(substr($this->settings->frontController, \strlen($root)), '/'),
                'the front controller (bench.frontController)',
            ),
        ]);
    }
}
