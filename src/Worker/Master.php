<?php

declare(strict_types=1);

namespace Preheat\Worker;

/**
 * The worker program's first process: opens the listening socket, drops to the configured user, forks the
 * workers and keeps their number: a worker that ends (max_requests, a fatal error, killed) is replaced. A
 * worker whose app does not boot stops everything (exit 1: the log says why). SIGTERM or SIGINT stops the
 * workers (each drains), waits for them, then exits.
 */
final class Master
{
    private const STOP_WAIT = 12.0;
    /** A worker's exit code when it could not boot the app. */
    public const NO_BOOT = 78;
    /** Workers in a row that died within a second of starting: then the app cannot be served, and everything stops. */
    private const QUICK_DEATHS = 5;

    private int $quickDeaths = 0;

    /** @var array<int, array{float, int}> worker PID => when it started, its slot */
    private array $workers = [];

    private ?RequestCounter $counter = null;

    private bool $stopping = false;

    public function __construct(
        private readonly WorkerConfig $config,
        private readonly WorkerLog $log,
    ) {
    }

    public function run(): int
    {
        $socket = ListeningSocket::open($this->config->host, $this->config->port);
        $descriptor = ListeningSocket::descriptor($socket);
        // Every class of the worker is declared before the workers switch user: that user may not read them.
        Autoloader::declareAll(['Preheat\\Worker\\' => __DIR__] + $this->config->autoload);
        $this->dropPrivileges();
        pcntl_async_signals(true);
        foreach ([\SIGTERM, \SIGINT, \SIGQUIT] as $signal) {
            // Not restarting system calls: the signal interrupts pcntl_wait().
            pcntl_signal($signal, function (): void {
                $this->stopping = true;
            }, false);
        }
        $this->log->write(\sprintf(
            'listening on %s:%d, %d workers, %s adapter',
            $this->config->host,
            $this->config->port,
            $this->config->workers,
            $this->config->app->adapter->value,
        ));
        $this->counter = RequestCounter::create($this->config->workers);
        for ($slot = 0; $slot < $this->config->workers; ++$slot) {
            $this->spawn($descriptor, $slot);
        }
        $exit = 0;
        while (!$this->stopping) {
            $pid = pcntl_wait($status);
            if ($pid <= 0) {
                continue; // interrupted by a signal
            }
            [$started, $slot] = $this->workers[$pid] ?? [microtime(true), 0];
            unset($this->workers[$pid]);
            $this->counter?->released($slot);
            $how = pcntl_wifsignaled($status)
                ? 'was killed by signal '.pcntl_wtermsig($status)
                : 'exited with '.pcntl_wexitstatus($status);
            $quick = microtime(true) - $started < 1.0;
            $this->quickDeaths = $quick ? $this->quickDeaths + 1 : 0;
            $didNotBoot = pcntl_wifexited($status) && self::NO_BOOT === pcntl_wexitstatus($status);
            if ($didNotBoot || $this->quickDeaths >= self::QUICK_DEATHS) {
                $this->log->write(\sprintf('worker %d %s: the app cannot be served; stopping', $pid, $how));
                $exit = 1;
                break;
            }
            if ($this->stopping()) {
                break;
            }
            $this->log->write(\sprintf('worker %d %s; starting another', $pid, $how));
            if ($quick) {
                usleep(200_000); // a worker that dies at once is not restarted in a tight loop
            }
            $this->spawn($descriptor, $slot);
        }
        $this->stopWorkers();
        $this->log->write('stopped');

        return $exit;
    }

    /** Set by the signal handler, between any two lines. */
    private function stopping(): bool
    {
        return $this->stopping;
    }

    private function spawn(int $descriptor, int $slot): void
    {
        $master = getmypid();
        $pid = pcntl_fork();
        if (-1 === $pid) {
            throw new \RuntimeException('Cannot fork a worker');
        }
        if (0 === $pid) {
            foreach ([\SIGTERM, \SIGINT, \SIGQUIT] as $signal) {
                pcntl_signal($signal, \SIG_DFL);
            }
            pcntl_async_signals(false);
            $this->counter?->useSlot($slot);
            try {
                $code = (new Worker($this->config, $this->log, $descriptor, (int) $master, $this->counter))->run();
            } catch (\Throwable $error) {
                $this->log->write(\sprintf(
                    'the worker did not start: %s: %s in %s:%d',
                    $error::class,
                    $error->getMessage(),
                    $error->getFile(),
                    $error->getLine(),
                ));
                $code = self::NO_BOOT;
            }
            exit($code);
        }
        $this->workers[$pid] = [microtime(true), $slot];
    }

    private function stopWorkers(): void
    {
        foreach (array_keys($this->workers) as $pid) {
            posix_kill($pid, \SIGTERM);
        }
        $deadline = microtime(true) + self::STOP_WAIT;
        while ([] !== $this->workers && microtime(true) < $deadline) {
            $pid = pcntl_waitpid(-1, $status, \WNOHANG);
            if ($pid > 0) {
                unset($this->workers[$pid]);
            } else {
                usleep(20_000);
            }
        }
        foreach (array_keys($this->workers) as $pid) {
            posix_kill($pid, \SIGKILL);
            pcntl_waitpid($pid, $status);
        }
    }

    /**
     * As root, the master and its workers run as the configured user (php-fpm's pool user), as php-fpm's workers do.
     */
    private function dropPrivileges(): void
    {
        if (null === $this->config->user || 0 !== posix_geteuid()) {
            return;
        }
        $entry = posix_getpwnam($this->config->user);
        if (false === $entry) {
            throw new \RuntimeException(\sprintf('User %s does not exist', $this->config->user));
        }
        if (!posix_setgid($entry['gid']) || !posix_initgroups($this->config->user, $entry['gid'])
            || !posix_setuid($entry['uid'])) {
            throw new \RuntimeException(\sprintf('Cannot switch to user %s', $this->config->user));
        }
    }
}
