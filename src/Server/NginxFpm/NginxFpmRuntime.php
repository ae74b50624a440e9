<?php

declare(strict_types=1);

namespace Preheat\Server\NginxFpm;

use Preheat\Php\OpcacheStatus;
use Preheat\Process\RunningProcess;
use Preheat\Server\LogTail;
use Preheat\Server\LoopbackEndpoint;
use Preheat\Server\ProcessCpu;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\RequestCount;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeError;
use Preheat\Server\ServedOnLoopback;
use Preheat\Server\StatusPaths;
use Preheat\Server\WorkerProcesses;

/** One running php-fpm and nginx in front of it, on a loopback port of its own. */
final class NginxFpmRuntime implements Runtime
{
    use ServedOnLoopback;

    private readonly WorkerProcesses $workers;

    private readonly LoopbackEndpoint $endpoint;

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
        private readonly StatusPaths $paths,
    ) {
        // The command-line check guards against a PID reused since the worker was seen.
        $this->workers = new WorkerProcesses(
            $fpm,
            static fn (string $command): bool => str_starts_with($command, 'php-fpm'),
        );
        $this->endpoint = new LoopbackEndpoint($port);
    }

    public function startSeconds(): float
    {
        return $this->fpmStartSeconds;
    }

    public function ensureRunning(string $during): void
    {
        $this->workerPids(); // remembers the workers, to stop them even if their master dies
        if (!$this->fpm->isRunning() || !$this->nginx->isRunning()) {
            $what = $this->fpm->isRunning() ? 'nginx' : 'php-fpm';
            throw RuntimeError::died(\sprintf('%s for scenario %s', $what, $this->name), $during, $this->logTail());
        }
    }

    public function serverCpuSeconds(): ?float
    {
        $php = $this->workers->cpuSeconds();
        $pid = $this->nginx->pid();
        $nginx = null === $pid || !$this->nginx->isRunning() ? null : (new ProcessCpu())->treeSeconds($pid);

        return null === $php || null === $nginx ? null : $php + $nginx;
    }

    public function requestCount(): ?RequestCount
    {
        $status = $this->endpoint->get($this->paths->server(), 5.0);

        return null === $status ? null : RequestCount::fromFpmStatus($status);
    }

    public function opcacheStatus(): ?OpcacheStatus
    {
        $answer = $this->endpoint->get($this->paths->opcache());

        return null === $answer ? null : OpcacheStatus::read($answer);
    }

    public function logTail(int $lines = 15): string
    {
        return LogTail::of([$this->fpmErrorLog, $this->phpErrorLog], $lines);
    }

    public function stop(): void
    {
        $this->supervisor->stop($this->nginx);
        $this->supervisor->stop($this->fpm);
        $this->workers->stopStrays();
    }
}
