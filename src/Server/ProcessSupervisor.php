<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Process\InterruptGuard;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;

/**
 * Knows every server a command started and stops them all, by PID, however the run ends: normally, on an
 * error, on a fatal error, or on Ctrl-C (through the InterruptGuard, which owns the process-wide signal
 * handlers). Stopping a server stops every process it started: see TreeStop.
 */
final class ProcessSupervisor
{
    /** @var array<int, RunningProcess> */
    private array $processes = [];

    private bool $handlersInstalled = false;

    /** @param bool $handleSignals false only where the handlers must not be installed: in unit tests */
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly bool $handleSignals = true,
    ) {
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
