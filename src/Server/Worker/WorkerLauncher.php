<?php

declare(strict_types=1);

namespace Preheat\Server\Worker;

use Preheat\Php\OpcacheStatus;
use Preheat\Php\PhpInstallation;
use Preheat\Process\RunningProcess;
use Preheat\Server\PhpIni;
use Preheat\Server\Ports;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\RuntimeError;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\ScenarioDirectory;
use Preheat\Server\StackSettings;
use Preheat\Server\StartWait;
use Preheat\Server\StatusPaths;
use Preheat\Server\WorkerSettings;
use Preheat\Util\PackageFiles;
use Preheat\Worker\ServedApp;
use Preheat\Worker\SiteAddress;
use Preheat\Worker\StatusEndpoints;
use Preheat\Worker\WorkerConfig;
use Preheat\Worker\WorkerLimits;

/**
 * Starts the persistent-worker server (the program in src/Worker: the app booted once per worker process)
 * from a directory of its own, on a free loopback port: PHP's CLI with the scenario's php.ini (built as
 * php-fpm's is, preload lines included, OPcache on), as many workers as the stack's, as the pool's user
 * when run as root. It waits until every worker booted and the OPcache probe answers.
 */
final class WorkerLauncher implements RuntimeFactory
{
    /**
     * The libraries the worker program loads itself: namespace prefix => a class whose file sits in the package's
     * source root.
     */
    private const LIBRARIES = [
        'React\\EventLoop\\' => \React\EventLoop\Loop::class,
        'React\\Socket\\' => \React\Socket\FdServer::class,
        'React\\Stream\\' => \React\Stream\Util::class,
        'React\\Promise\\' => \React\Promise\Promise::class,
        'React\\Dns\\' => \React\Dns\Query\Query::class,
        'React\\Cache\\' => \React\Cache\ArrayCache::class,
        'Evenement\\' => \Evenement\EventEmitter::class,
    ];

    public function __construct(
        private readonly ProcessSupervisor $supervisor,
        private readonly StackSettings $settings,
        private readonly WorkerSettings $worker,
    ) {
    }

    public function start(string $name, string $directory, ?string $preloadScript, array $extraIni = []): WorkerRuntime
    {
        $app = WorkerApp::of($this->worker);
        $php = $this->settings->php;
        $phpErrorLog = $directory.'/php-errors.log';
        $workerLog = $directory.'/worker.log';
        $settings = $php->preloadSettings($preloadScript) + $extraIni + PhpIni::benchmarkSettings($phpErrorLog);
        $environment = PhpIni::write($this->supervisor, $directory.'/php.ini', $php->settings, $settings);
        file_put_contents($directory.'/status.php', OpcacheStatus::probeCode());
        $port = Ports::forServer();
        // The OPcache probe, and how many requests the workers took and how many are busy (php-fpm's status format).
        $paths = StatusPaths::random();
        $config = new WorkerConfig(
            host: '127.0.0.1',
            port: $port,
            workers: $this->settings->workers,
            app: new ServedApp(
                documentRoot: $this->settings->documentRoot,
                frontController: $this->settings->frontController,
                adapter: $app->adapter,
                entry: $app->entry,
            ),
            limits: new WorkerLimits(
                maxRequests: $this->worker->maxRequests,
                maxBodyBytes: $this->worker->maxBodyBytes,
            ),
            status: new StatusEndpoints(
                statusPath: $paths->opcache(),
                statusScript: $directory.'/status.php',
                countPath: $paths->server(),
            ),
            user: $php->user,
            log: $workerLog,
            autoload: self::libraries(),
            // The site every runtime's app sees (nginx's fastcgi_params, Apache's ServerName and Host).
            site: new SiteAddress(host: '127.0.0.1', port: 80),
        );
        $this->supervisor->writeConfig(
            $directory.'/worker.json',
            json_encode($config->toArray(), \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES | \JSON_THROW_ON_ERROR)."\n",
        );
        if (null !== $php->user) {
            ScenarioDirectory::handOver($directory, $php->user);
        }
        ScenarioDirectory::keepPrivate($directory);

        $started = hrtime(true);
        $master = $this->supervisor->start(
            [$php->phpBinary, '-c', $directory.'/php.ini', self::program(), $directory.'/worker.json'],
            $directory,
            $environment,
        );
        $runtime = new WorkerRuntime(
            $this->supervisor,
            $name,
            $directory,
            $port,
            $master,
            $workerLog,
            $phpErrorLog,
            $app->adapter->value,
            $paths,
        );
        try {
            $this->waitFor(
                'the worker server ('.$app->adapter->value.') for scenario '.$name,
                $master,
                $runtime,
                [$workerLog, $phpErrorLog],
            );
            Ports::assertHeldBy(
                $port,
                array_values(array_filter([$master->pid(), ...$runtime->workerPids()])),
                'The worker server',
            );
        } catch (RuntimeError $error) {
            $runtime->stop();
            throw Ports::failedStart($error, $port, 'The worker server', (string) @file_get_contents($workerLog));
        }
        $runtime->startedIn((hrtime(true) - $started) / 1e9);
        $runtime->workerPids();

        return $runtime;
    }

    public function php(): PhpInstallation
    {
        return $this->settings->php;
    }

    /** The worker program's main script. */
    public static function program(): string
    {
        return PackageFiles::external(\dirname(__DIR__, 2).'/Worker/worker.php');
    }

    /**
     * @return array<string, string> where the worker finds its libraries: these packages' source roots as installed
     *                               with Preheat
     */
    public static function libraries(): array
    {
        $roots = [];
        foreach (self::LIBRARIES as $prefix => $class) {
            $file = (string) (new \ReflectionClass($class))->getFileName();
            $depth = substr_count(substr($class, \strlen($prefix)), '\\') + 1;
            $roots[$prefix] = PackageFiles::external(\dirname($file, $depth));
        }

        return $roots;
    }

    /** @param list<string> $logs */
    private function waitFor(string $what, RunningProcess $process, WorkerRuntime $runtime, array $logs): void
    {
        $workers = $this->settings->workers;
        StartWait::until(
            $what,
            $process,
            static fn (): bool => $runtime->bootedWorkers() >= $workers
                && Ports::accepts('tcp://127.0.0.1:'.$runtime->port)
                && null !== $runtime->opcacheStatus(),
            \sprintf('%d workers did not boot and answer on %s', $workers, $runtime->baseUrl()),
            $logs,
            $this->settings->startTimeout,
        );
    }
}
