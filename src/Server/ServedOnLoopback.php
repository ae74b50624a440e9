<?php

declare(strict_types=1);

namespace Preheat\Server;

/**
 * What every Runtime kind answers the same way, written once: its name, its loopback address, its
 * php.ini, and its PHP workers (PIDs, memory, CPU) as the kind's WorkerProcesses tells them. A kind sets
 * $name, $directory, $endpoint and $workers in its constructor and writes only what differs.
 *
 * @phpstan-require-implements Runtime
 */
trait ServedOnLoopback
{
    public function name(): string
    {
        return $this->name;
    }

    public function baseUrl(): string
    {
        return $this->endpoint->baseUrl();
    }

    public function url(string $path): string
    {
        return $this->endpoint->url($path);
    }

    public function phpIni(): string
    {
        return $this->directory.'/php.ini';
    }

    public function workerPids(): array
    {
        return $this->workers->pids();
    }

    public function workerMemory(): array
    {
        return $this->workers->memory();
    }

    /**
     * The parent (php-fpm's master, Apache's parent, the workers' master), its workers and the workers it
     * already reaped.
     */
    public function phpCpuSeconds(): ?float
    {
        return $this->workers->cpuSeconds();
    }
}
