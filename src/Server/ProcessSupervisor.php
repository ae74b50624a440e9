<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Process\InterruptGuard;
use Preheat\Process\NullProcessObserver;
use Preheat\Process\ProcessObserver;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;
use Preheat\Util\AtomicFile;

/**
 * Knows every server a command started and stops them all, by PID, however the run ends: normally, on an
 * error, on a fatal error, or on Ctrl-C (through the InterruptGuard, which owns the process-wide signal
 * handlers). Stopping a server stops every process it started: see TreeStop. The configuration files a server
 * reads are written through it too, so that its observer sees each (`-vvv`), as the runner's sees each program.
 */
final class ProcessSupervisor
{
    /** @var array<int, RunningProcess> */
    private array $processes = [];

    private bool $handlersInstalled = false;

    /**
     * @param bool            $handleSignals false only where the handlers must not be installed: in unit tests
     * @param ProcessObserver $observer      told of every configuration file written for a server
     */
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly bool $handleSignals = true,
        private readonly ProcessObserver $observer = new NullProcessObserver(),
    ) {
    }

    /**
     * Writes a file a server about to start reads (its php.ini, php-fpm.conf, nginx.conf...), and reports it.
     *
     * @param string      $copied what opens the file, before $contents (a php.ini copied before its overrides)
     * @param string|null $source the file $copied was read from and still holds, reported instead of its text
     */
    public function writeConfig(string $path, string $contents, string $copied = '', ?string $source = null): void
    {
        AtomicFile::write($path, $copied.$contents, AtomicFile::READABLE);
        if (null === $source) {
            $this->observer->configWritten($path, $copied.$contents);
        } else {
            $this->observer->configWritten($path, $contents, $source);
        }
    }

    /**
     * @param list<string>               $command
     * @param array<string, string>|null $environment added to the inherited environment
     */
    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        $this->installHandlers();
        $process = $this->runner->start($command, $workingDirectory, $environment);
        $this->processes[spl_object_id($process)] = $process;

        return $process;
    }

    public function stop(RunningProcess $process): void
    {
        // SIGTERM first (php-fpm and nginx shut down cleanly on it), SIGKILL after 5 s.
        $process->stop(5.0);
        unset($this->processes[spl_object_id($process)]);
    }

    public function stopAll(): void
    {
        foreach ($this->processes as $process) {
            $this->stop($process);
        }
    }

    public function count(): int
    {
        return \count(array_filter($this->processes, static fn (RunningProcess $p): bool => $p->isRunning()));
    }

    private function installHandlers(): void
    {
        if ($this->handlersInstalled || !$this->handleSignals) {
            return;
        }
        $this->handlersInstalled = true;
        $guard = InterruptGuard::instance();
        $guard->install();
        $guard->stopOnExit($this->stopAll(...));
    }
}
