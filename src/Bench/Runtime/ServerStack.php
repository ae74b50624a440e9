<?php

declare(strict_types=1);

namespace Preheat\Bench\Runtime;

use Symfony\Component\Process\Process;

/** One scenario's running php-fpm and nginx, on a loopback port of its own. */
final class ServerStack
{
    /**
     * Every php-fpm worker PID seen so far: if the master dies its workers live on, holding the
     * socket and our pipes, so they are stopped by PID too.
     *
     * @var array<int, true>
     */
    private array $seenWorkers = [];

    public function __construct(
        public readonly string $name,
        public readonly string $directory,
        public readonly int $port,
        public readonly Process $fpm,
        public readonly Process $nginx,
        public readonly float $fpmStartSeconds,
        public readonly string $fpmErrorLog,
        public readonly string $phpErrorLog,
    ) {
    }

    public function url(string $path): string
    {
        return \sprintf('http://127.0.0.1:%d%s', $this->port, $path);
    }

    public function statusUrl(): string
    {
        return $this->url(StackLauncher::STATUS_PATH);
    }

    public function isRunning(): bool
    {
        return $this->fpm->isRunning() && $this->nginx->isRunning();
    }

    /** @return list<int> */
    public function workerPids(): array
    {
        $pid = $this->fpm->getPid();
        $workers = null === $pid || !$this->fpm->isRunning() ? [] : ProcessMemory::children($pid);
        foreach ($workers as $worker) {
            $this->seenWorkers[$worker] = true;
        }

        return $workers;
    }

    /**
     * Workers seen earlier that still run as php-fpm (the command-line check guards against a
     * reused PID).
     *
     * @return list<int>
     */
    public function strayWorkers(): array
    {
        return array_values(array_filter(array_keys($this->seenWorkers), static fn (int $pid): bool => str_starts_with((string) @file_get_contents("/proc/$pid/cmdline"), 'php-fpm')));
    }

    public function logTail(int $lines = 15): string
    {
        $tail = [];
        foreach ([$this->fpmErrorLog, $this->phpErrorLog] as $log) {
            $content = is_file($log) ? (string) file_get_contents($log) : '';
            $tail = [...$tail, ...\array_slice(array_filter(explode("\n", $content)), -$lines)];
        }

        return implode("\n", $tail);
    }
}
