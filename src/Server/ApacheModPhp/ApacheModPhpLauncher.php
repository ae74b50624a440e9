<?php

declare(strict_types=1);

namespace Preheat\Server\ApacheModPhp;

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

/**
 * Starts Apache (prefork MPM) with mod_php from a directory of its own, on a free loopback port, without
 * detaching so that its PID is the one started, and waits until PHP answers. Its php.ini is built as
 * php-fpm's is (the installation's ini, the run's overrides, the benchmark settings, the preload lines)
 * and read through PHPIniDir. The configuration is the template next to this class.
 */
final class ApacheModPhpLauncher implements RuntimeFactory
{
    /** Where Debian's apache2-bin and libapache2-mod-php put their modules. */
    public const DEBIAN_MODULES = '/usr/lib/apache2/modules';

    public function __construct(
        private readonly ProcessSupervisor $supervisor,
        private readonly StackSettings $settings,
        private readonly string $apacheBinary = 'apache2',
        private readonly string $modules = self::DEBIAN_MODULES,
    ) {
    }

    public function start(
        string $name,
        string $directory,
        ?string $preloadScript,
        array $extraIni = [],
    ): ApacheModPhpRuntime {
        $binary = ServerBinary::find($this->apacheBinary, 'apache2-bin');
        $phpVersion = \PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION;
        if (!is_file($this->modules.'/libphp'.$phpVersion.'.so')) {
            $error = RuntimeError::missingBinary(
                $this->modules.'/libphp'.$phpVersion.'.so',
                'libapache2-mod-php'.$phpVersion,
            );
            throw $error;
        }
        $phpErrorLog = $directory.'/php-errors.log';
        $errorLog = $directory.'/apache2-error.log';
        $php = $this->settings->php;
        $settings = $php->preloadSettings($preloadScript) + $extraIni + PhpIni::benchmarkSettings($phpErrorLog);
        $environment = PhpIni::write($this->supervisor, $directory.'/php.ini', $php->settings, $settings);
        file_put_contents($directory.'/status.php', OpcacheStatus::probeCode());
        $asRoot = \function_exists('posix_geteuid') && 0 === posix_geteuid();
        // Apache refuses to serve as root: as root its children run as the pool's user, as php-fpm's workers do.
        $user = $asRoot ? ($php->user ?? 'www-data') : null;
        $port = Ports::forServer();
        // mod_status (StatusPaths::server()): the requests Apache served and its busy children.
        $paths = StatusPaths::random();
        $this->supervisor->writeConfig(
            $directory.'/apache2.conf',
            $this->config($directory, $port, $phpVersion, $user, $paths),
        );
        if (null !== $user) {
            ScenarioDirectory::handOver($directory, $user);
        }
        ScenarioDirectory::keepPrivate($directory);

        $started = hrtime(true);
        // NO_DETACH, not FOREGROUND: Apache stays the process started (its PID is ours to stop) but leaves our
        // process group, for on shutdown it signals its whole group, which would stop this command too.
        $apache = $this->supervisor->start(
            [$binary, '-f', $directory.'/apache2.conf', '-DNO_DETACH'],
            $directory,
            $environment,
        );
        $runtime = new ApacheModPhpRuntime(
            $this->supervisor,
            $name,
            $directory,
            $port,
            $apache,
            $errorLog,
            $phpErrorLog,
            $paths,
        );
        try {
            $this->waitFor('Apache (mod_php) for scenario '.$name, $apache, $runtime, $errorLog.' '.$phpErrorLog);
            Ports::assertHeldBy($port, array_filter([$apache->pid()]), 'Apache');
        } catch (RuntimeError $error) {
            $runtime->stop();
            throw Ports::failedStart($error, $port, 'Apache', (string) @file_get_contents($errorLog));
        }
        $runtime->startedIn((hrtime(true) - $started) / 1e9);
        $runtime->workerPids();

        return $runtime;
    }

    public function php(): PhpInstallation
    {
        return $this->settings->php;
    }

    /** Until PHP answers the status probe: Apache listens before its children are ready to serve. */
    private function waitFor(string $what, RunningProcess $process, ApacheModPhpRuntime $runtime, string $logs): void
    {
        StartWait::until(
            $what,
            $process,
            static fn (): bool => Ports::accepts('tcp://127.0.0.1:'.$runtime->port)
                && null !== $runtime->opcacheStatus(),
            'PHP did not answer on '.$runtime->baseUrl(),
            explode(' ', $logs),
            $this->settings->startTimeout,
        );
    }

    private function config(string $directory, int $port, string $phpVersion, ?string $user, StatusPaths $paths): string
    {
        $root = $this->settings->documentRoot;
        $where = 'the scenario directory (under the temporary directory, TMPDIR)';
        $account = '';
        if (null !== $user) {
            $account = \sprintf(
                "User %s\nGroup %s",
                ConfigQuote::account($user, 'the pool\'s user'),
                ConfigQuote::account(ScenarioDirectory::groupOf($user), 'the pool\'s group'),
            );
        }

        return strtr((string) file_get_contents(__DIR__.'/apache2.conf.template'), [
            '{{directory}}' => ConfigQuote::apache($directory, $where),
            '{{modules}}' => ConfigQuote::apache($this->modules, 'Apache\'s module directory'),
            '{{phpVersion}}' => $phpVersion,
            '{{user}}' => $account,
            '{{port}}' => (string) $port,
            '{{workers}}' => (string) $this->settings->workers,
            '{{root}}' => ConfigQuote::apache($root, 'the document root (bench.documentRoot)'),
            '{{statusPath}}' => $paths->opcache(),
            '{{serverStatusPath}}' => $paths->server(),
            '{{frontController}}' => ConfigQuote::apache(
                '/'.ltrim(substr($this->settings->frontController, \strlen($root)), '/'),
                'the front controller (bench.frontController)',
            ),
        ]);
    }
}
