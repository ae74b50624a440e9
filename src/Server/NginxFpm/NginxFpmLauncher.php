<?php

declare(strict_types=1);

namespace Preheat\Server\NginxFpm;

use Preheat\Php\OpcacheStatus;
use Preheat\Php\PhpInstallation;
use Preheat\Process\RunningProcess;
use Preheat\Server\PhpIni;
use Preheat\Server\Ports;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\RuntimeError;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\ScenarioDirectory;
use Preheat\Server\ServerBinary;
use Preheat\Server\StackSettings;
use Preheat\Server\StartWait;
use Preheat\Util\FileSystemError;

/**
 * Starts php-fpm (pm = static) and nginx in front of it from a directory of their own, on a free
 * loopback port, and waits until both answer. The OPcache probe served at STATUS_PATH reports
 * OPcache's view from inside php-fpm, without touching the app. The php-fpm and nginx configurations
 * and the FastCGI parameters are the templates next to this class.
 */
final class NginxFpmLauncher implements RuntimeFactory
{
    public const STATUS_PATH = '/__preheat/status';

    /** php-fpm's own status page (pm.status_path): the requests the pool accepted and its busy workers. */
    public const FPM_STATUS_PATH = '/__preheat/fpm-status';

    public function __construct(
        private readonly ProcessSupervisor $supervisor,
        private readonly StackSettings $settings,
    ) {
    }

    public function start(string $name, string $directory, ?string $preloadScript, array $extraIni = []): NginxFpmRuntime
    {
        $fpmBinary = ServerBinary::find($this->settings->fpmBinary, 'php8.2-fpm');
        $nginxBinary = ServerBinary::find($this->settings->nginxBinary, 'nginx');
        if (!is_dir($directory.'/nginx-temp') && !mkdir($directory.'/nginx-temp', 0777, true)) {
            throw FileSystemError::cannotCreateDirectory($directory.'/nginx-temp');
        }
        $socket = $directory.'/fpm.sock';
        $phpErrorLog = $directory.'/php-errors.log';
        $fpmErrorLog = $directory.'/fpm.log';
        $php = $this->settings->php;
        $settings = $php->preloadSettings($preloadScript) + $extraIni + PhpIni::benchmarkSettings($phpErrorLog);
        file_put_contents($directory.'/php.ini', PhpIni::render($php->settings, $settings));
        file_put_contents($directory.'/php-fpm.conf', $this->fpmConfig($directory, $socket, $fpmErrorLog));
        file_put_contents($directory.'/status.php', OpcacheStatus::probeCode());
        copy(__DIR__.'/fastcgi_params', $directory.'/fastcgi_params');
        // Workers run as the pool's user, as in production: they read the scenario's files and write its logs.
        if (null !== $php->user) {
            ScenarioDirectory::handOver($directory, $php->user);
        }

        $asRoot = \function_exists('posix_geteuid') && 0 === posix_geteuid();
        $fpmCommand = [$fpmBinary, '--nodaemonize', '--fpm-config', $directory.'/php-fpm.conf', '--php-ini', $directory.'/php.ini'];
        if ($asRoot) {
            $fpmCommand[] = '--allow-to-run-as-root';
        }
        $started = hrtime(true);
        $fpm = $this->supervisor->start($fpmCommand, $directory);
        $this->waitFor('php-fpm for scenario '.$name, $fpm, 'unix://'.$socket, $fpmErrorLog.' '.$phpErrorLog);
        $fpmStart = (hrtime(true) - $started) / 1e9;

        $port = Ports::free();
        file_put_contents($directory.'/nginx.conf', $this->nginxConfig($directory, $port, $socket, $asRoot));
        $nginx = $this->supervisor->start([$nginxBinary, '-p', $directory, '-c', $directory.'/nginx.conf', '-e', $directory.'/nginx-error.log'], $directory);
        try {
            $this->waitFor('nginx for scenario '.$name, $nginx, 'tcp://127.0.0.1:'.$port, $directory.'/nginx-error.log');
        } catch (RuntimeError $error) {
            $log = (string) @file_get_contents($directory.'/nginx-error.log');
            if (str_contains($log, 'Address already in use')) {
                throw RuntimeError::portInUse($port, $log);
            }
            throw $error;
        }

        $runtime = new NginxFpmRuntime($this->supervisor, $name, $directory, $port, $fpm, $nginx, $fpmStart, $fpmErrorLog, $phpErrorLog);
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
            StartWait::until($what, $process, static fn (): bool => Ports::accepts($address), 'it did not answer on '.$address, explode(' ', $logs), $this->settings->startTimeout);
        } catch (RuntimeError $error) {
            if ($process->isRunning()) {
                $this->supervisor->stop($process);
            }
            throw $error;
        }
    }

    private function fpmConfig(string $directory, string $socket, string $errorLog): string
    {
        $user = $this->settings->php->user;
        $group = null === $user ? null : ScenarioDirectory::groupOf($user);

        return strtr((string) file_get_contents(__DIR__.'/php-fpm.conf.template'), [
            '{{directory}}' => $directory,
            '{{errorLog}}' => $errorLog,
            // Without a user (not root), php-fpm runs the workers as whoever started it.
            '{{poolUser}}' => null === $user ? '' : \sprintf("user = %s\ngroup = %s", $user, $group),
            '{{socket}}' => $socket,
            '{{workers}}' => (string) $this->settings->workers,
            '{{fpmStatusPath}}' => self::FPM_STATUS_PATH,
        ]);
    }

    private function nginxConfig(string $directory, int $port, string $socket, bool $asRoot): string
    {
        $root = $this->settings->documentRoot;

        return strtr((string) file_get_contents(__DIR__.'/nginx.conf.template'), [
            '{{directory}}' => $directory,
            '{{temp}}' => $directory.'/nginx-temp',
            '{{user}}' => $asRoot ? 'user root;' : '',
            '{{port}}' => (string) $port,
            '{{root}}' => $root,
            '{{socket}}' => $socket,
            '{{statusPath}}' => self::STATUS_PATH,
            '{{fpmStatusPath}}' => self::FPM_STATUS_PATH,
            '{{frontController}}' => '/'.ltrim(substr($this->settings->frontController, \strlen($root)), '/'),
        ]);
    }
}
