<?php

declare(strict_types=1);

namespace Preheat\Server\NginxFpm;

use Preheat\Php\OpcacheStatus;
use Preheat\Process\RunningProcess;
use Preheat\Server\ProcessMemory;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeError;

/** One running php-fpm and nginx in front of it, on a loopback port of its own. */
final class NginxFpmRuntime implements Runtime
{
    /**
     * Every php-fpm worker PID seen so far: if the master dies its workers live on, holding the
     * socket and our pipes, so they are stopped by PID too.
     *
     * @var array<int, true>
     */
    private array $seenWorkers = [];

    public function __construct(
        private readonly ProcessSupervisor $supervisor,
        private readonly string $name,
        public readonly string $directory,
        public readonly int $port,
        private readonly RunningProcess $fpm,
        private readonly RunningProcess $nginx,
        private readonly float $fpmStartSeconds,
        private readonly string $fpmErrorLog,
        private readonly string $phpErrorLog,
    ) {
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

    public function startSeconds(): float
    {
        return $this->fpmStartSeconds;
    }

    public function phpIni(): string
    {
        return $this->directory.'/php.ini';
    }

    public function ensureRunning(string $during): void
    {
        $this->workerPids(); // remembers the workers, to stop them even if their master dies
        if (!$this->fpm->isRunning() || !$this->nginx->isRunning()) {
            $what = $this->fpm->isRunning() ? 'nginx' : 'php-fpm';
            throw RuntimeError::died(\sprintf('%s for scenario %s', $what, $this->name), $during, $this->logTail());
        }
    }

    public function workerPids(): array
    {
        $pid = $this->fpm->pid();
        $workers = null === $pid || !$this->fpm->isRunning() ? [] : ProcessMemory::children($pid);
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
        $answer = @file_get_contents($this->url(NginxFpmLauncher::STATUS_PATH));

        return false === $answer ? null : OpcacheStatus::read($answer);
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

    public function stop(): void
    {
        $this->supervisor->stop($this->nginx);
        $this->supervisor->stop($this->fpm);
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
     * Workers seen earlier that still run as php-fpm (the command-line check guards against a
     * reused PID).
     *
     * @return list<int>
     */
    private function strayWorkers(): array
    {
        return array_values(array_filter(array_keys($this->seenWorkers), static fn (int $pid): bool => str_starts_with((string) @file_get_contents("/proc/$pid/cmdline"), 'php-fpm')));
    }
}
