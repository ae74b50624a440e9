<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Php\CachedScripts;
use Preheat\Php\OpcacheMemory;
use Preheat\Php\OpcachePreload;
use Preheat\Php\OpcacheStatus;
use Preheat\Server\RequestCount;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeError;

/** A runtime that starts no process: it answers as a healthy one would until a test kills it. */
final class FakeRuntime implements Runtime
{
    private bool $running = true;

    public bool $stopped = false;

    private float $cpuSeconds = 0.0;

    private int $accepted = 0;

    public function __construct(
        private readonly string $name,
        private readonly int $port,
        private readonly ?string $preloadScript,
    ) {
    }

    public function name(): string
    {
        return $this->name;
    }

    public function baseUrl(): string
    {
        return 'http://127.0.0.1:'.$this->port;
    }

    public function url(string $path): string
    {
        return $this->baseUrl().$path;
    }

    public function startSeconds(): float
    {
        return null === $this->preloadScript ? 0.05 : 0.25;
    }

    public function phpIni(): string
    {
        return '/fake/'.$this->name.'/php.ini';
    }

    /** php-fpm dies, as if a worker crashed its master. */
    public function kill(): void
    {
        $this->running = false;
    }

    public function ensureRunning(string $during): void
    {
        if (!$this->running) {
            throw RuntimeError::died('php-fpm for scenario '.$this->name, $during, 'fake log line');
        }
    }

    public function workerPids(): array
    {
        return $this->running ? [1001, 1002] : [];
    }

    public function workerMemory(): array
    {
        return $this->running ? [10 * 1048576, 10 * 1048576] : [];
    }

    /** Its PHP processes spent this much CPU serving a run (the fake load generator says how much). */
    public function served(float $cpuSeconds, int $requests = 0): void
    {
        $this->cpuSeconds += $cpuSeconds;
        $this->accepted += $requests;
    }

    /** As php-fpm's status page: each reading is a request it counts, and no worker is busy between runs. */
    public function requestCount(): ?RequestCount
    {
        return $this->running ? new RequestCount(++$this->accepted, 1) : null;
    }

    public function phpCpuSeconds(): ?float
    {
        return $this->running ? $this->cpuSeconds : null;
    }

    public function serverCpuSeconds(): ?float
    {
        return $this->running ? $this->cpuSeconds : null;
    }

    public function opcacheStatus(): OpcacheStatus
    {
        $preloaded = null === $this->preloadScript ? 0 : 1;

        return new OpcacheStatus(
            php: '8.2.99',
            user: 'www-data',
            enabled: true,
            preload: new OpcachePreload(
                memoryBytes: $preloaded * 1048576,
                scripts: \array_slice(['/app/a.php', '/app/b.php', '/app/c.php'], 0, $preloaded * 3),
                classes: $preloaded * 7,
            ),
            memory: new OpcacheMemory(usedBytes: 20 * 1048576),
            scripts: new CachedScripts(count: 10),
            ini: [
                'memory_consumption' => '128',
                'interned_strings_buffer' => '8',
                'max_accelerated_files' => '10000',
                'jit' => '',
            ],
        );
    }

    public function logTail(int $lines = 15): string
    {
        return 'fake log line';
    }

    public function stop(): void
    {
        $this->running = false;
        $this->stopped = true;
    }
}
