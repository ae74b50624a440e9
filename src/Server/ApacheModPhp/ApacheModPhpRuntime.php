<?php

declare(strict_types=1);

namespace Preheat\Server\ApacheModPhp;

use Preheat\Php\OpcacheStatus;
use Preheat\Process\RunningProcess;
use Preheat\Server\ProcessMemory;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeError;

/** One running Apache with mod_php (prefork: its children are the PHP workers), on a loopback port of its own. */
final class ApacheModPhpRuntime implements Runtime
{
    /**
     * Every child PID seen so far: if the parent dies its children may live on, holding the port, so
     * they are stopped by PID too.
     *
     * @var array<int, true>
     */
    private array $seenWorkers = [];

    private float $startSeconds = 0.0;

    public function __construct(
        private readonly ProcessSupervisor $supervisor,
        private readonly string $name,
        public readonly string $directory,
        public readonly int $port,
        private readonly RunningProcess $apache,
        private readonly string $errorLog,
        private readonly string $phpErrorLog,
    ) {
    }

    /** @internal for the launcher, once PHP answered */
    public function startedIn(float $seconds): void
    {
        $this->startSeconds = $seconds;
    }

    public function name(): string
    {
        return $this->name;
    }

    public function baseUrl(): string
    {
        return \sprintf('http://127.0.0.1:%d', $this->port);
    }

    public function url(string $path): string
    {
        return $this->baseUrl().$path;
    }

    /** Until PHP first answered: mod_php starts (and preloads) in Apache's parent before its children fork. */
    public function startSeconds(): float
    {
        return $this->startSeconds;
    }

    public function phpIni(): string
    {
        return $this->directory.'/php.ini';
    }

    public function ensureRunning(string $during): void
    {
        $this->workerPids();
        if (!$this->apache->isRunning()) {
            throw RuntimeError::died(\sprintf('Apache (mod_php) for scenario %s', $this->name), $during, $this->logTail());
        }
    }

    public function workerPids(): array
    {
        $pid = $this->apache->pid();
        $workers = null === $pid || !$this->apache->isRunning() ? [] : ProcessMemory::children($pid);
        foreach ($workers as $worker) {
            $this->seenWorkers[$worker] = true;
        }

        return $workers;
    }

    public function workerMemory(): array
    {
        $memory = [];
        foreach ($this->workerPids() as $pid) {
            $pss = ProcessMemory::pss($pid);
            if (null !== $pss) {
                $memory[] = $pss;
            }
        }

        return $memory;
    }

    public function opcacheStatus(): ?OpcacheStatus
    {
        $context = stream_context_create(['http' => ['timeout' => 5.0]]);
        $answer = @file_get_contents($this->url(ApacheModPhpLauncher::STATUS_PATH), false, $context);

        return false === $answer ? null : OpcacheStatus::read($answer);
    }

    public function logTail(int $lines = 15): string
    {
        $tail = [];
        foreach ([$this->errorLog, $this->phpErrorLog] as $log) {
            $content = is_file($log) ? (string) file_get_contents($log) : '';
            $tail = [...$tail, ...\array_slice(array_filter(explode("\n", $content)), -$lines)];
        }

        return implode("\n", $tail);
    }

    public function stop(): void
    {
        // SIGTERM: Apache's parent stops its children and waits for them.
        $this->supervisor->stop($this->apache);
        $stray = $this->strayWorkers();
        if ([] !== $stray && \function_exists('posix_kill')) {
            foreach ($stray as $pid) {
                posix_kill($pid, 15);
            }
            usleep(200_000);
            foreach ($this->strayWorkers() as $pid) {
                posix_kill($pid, 9);
            }
        }
    }

    /**
     * Children seen earlier that still run this scenario's Apache (the command-line check guards against
     * a reused PID).
     *
     * @return list<int>
     */
    private function strayWorkers(): array
    {
        return array_values(array_filter(array_keys($this->seenWorkers), fn (int $pid): bool => str_contains((string) @file_get_contents("/proc/$pid/cmdline"), $this->directory.'/apache2.conf')));
    }
}
