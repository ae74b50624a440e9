<?php

declare(strict_types=1);

namespace Preheat\Bench\Runtime;

use Symfony\Component\Process\Process;

/**
 * Knows every server a benchmark started and stops them all, by PID, however the run ends:
 * normally, on an error, on a fatal error, or on Ctrl-C.
 */
final class ProcessSupervisor
{
    /** @var array<int, Process> */
    private array $processes = [];

    private bool $handlersInstalled = false;

    public function start(Process $process): Process
    {
        $this->installHandlers();
        $process->start();
        $this->processes[spl_object_id($process)] = $process;

        return $process;
    }

    public function stop(Process $process): void
    {
        // SIGTERM first (php-fpm and nginx shut down cleanly on it), SIGKILL after 5 s.
        if ($process->isRunning()) {
            $process->stop(5.0, \defined('SIGTERM') ? \SIGTERM : null);
        }
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
        return \count(array_filter($this->processes, static fn (Process $p): bool => $p->isRunning()));
    }

    private function installHandlers(): void
    {
        if ($this->handlersInstalled) {
            return;
        }
        $this->handlersInstalled = true;
        register_shutdown_function($this->stopAll(...));
        if (\function_exists('pcntl_async_signals')) {
            pcntl_async_signals(true);
            foreach ([\SIGINT, \SIGTERM, \SIGHUP] as $signal) {
                pcntl_signal($signal, function (int $signal): void {
                    $this->stopAll();
                    fwrite(\STDERR, "\nStopped: every server this run started has been stopped.\n");
                    exit(128 + $signal);
                });
            }
        }
    }
}
