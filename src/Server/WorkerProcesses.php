<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Process\RunningProcess;

/**
 * The PHP workers a server's parent process forks (php-fpm's pool, Apache's prefork children).
 *
 * Every worker PID seen is remembered: if the parent dies its workers may live on, holding the port,
 * the socket or our pipes, so they are stopped by PID too.
 */
final class WorkerProcesses
{
    /** @var array<int, true> */
    private array $seen = [];

    /**
     * @param \Closure(string): bool $stillOurs whether a process's command line is still one of these
     *                                          workers (guards against a PID reused since it was seen)
     */
    public function __construct(
        private readonly RunningProcess $parent,
        private readonly \Closure $stillOurs,
        private readonly ProcessCpu $cpu = new ProcessCpu(),
    ) {
    }

    /** CPU seconds the parent and its workers used so far, reaped workers included; null once the parent is gone. */
    public function cpuSeconds(): ?float
    {
        $pid = $this->parent->pid();

        return null === $pid || !$this->parent->isRunning() ? null : $this->cpu->treeSeconds($pid);
    }

    /** @return list<int> the parent's children now, remembered for stopStrays() */
    public function pids(): array
    {
        $pid = $this->parent->pid();
        $workers = null === $pid || !$this->parent->isRunning() ? [] : ProcessMemory::children($pid);
        foreach ($workers as $worker) {
            $this->seen[$worker] = true;
        }

        return $workers;
    }

    /** @return list<int> the PSS of each worker now, in bytes */
    public function memory(): array
    {
        $memory = [];
        foreach ($this->pids() as $pid) {
            $pss = ProcessMemory::pss($pid);
            if (null !== $pss) {
                $memory[] = $pss;
            }
        }

        return $memory;
    }

    /** Stops, by PID, the workers seen earlier that outlived their parent: TERM, then KILL. */
    public function stopStrays(): void
    {
        if ([] === $this->strays() || !\function_exists('posix_kill')) {
            return;
        }
        foreach ($this->strays() as $pid) {
            posix_kill($pid, 15);
        }
        usleep(200_000);
        foreach ($this->strays() as $pid) {
            posix_kill($pid, 9);
        }
    }

    /** @return list<int> */
    private function strays(): array
    {
        return array_values(array_filter(
            array_keys($this->seen),
            fn (int $pid): bool => ($this->stillOurs)((string) @file_get_contents("/proc/$pid/cmdline")),
        ));
    }
}
