<?php

declare(strict_types=1);

namespace Preheat\Server\Worker;

use Preheat\Php\OpcacheStatus;
use Preheat\Process\RunningProcess;
use Preheat\Server\LogTail;
use Preheat\Server\LoopbackEndpoint;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\RequestCount;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeError;
use Preheat\Server\ServedOnLoopback;
use Preheat\Server\StatusPaths;
use Preheat\Server\WorkerProcesses;

/** One running worker server: a master and its workers (the app booted once in each), on a loopback port of its own. */
final class WorkerRuntime implements Runtime
{
    use ServedOnLoopback;

    private readonly WorkerProcesses $workers;

    private readonly LoopbackEndpoint $endpoint;

    private float $startSeconds = 0.0;

    public function __construct(
        private readonly ProcessSupervisor $supervisor,
        private readonly string $name,
        public readonly string $directory,
        public readonly int $port,
        private readonly RunningProcess $master,
        private readonly string $workerLog,
        private readonly string $phpErrorLog,
        public readonly string $adapter,
        private readonly StatusPaths $paths,
    ) {
        // Workers of this scenario's server: the check guards against a PID reused since.
        $config = $directory.'/worker.json';
        $this->workers = new WorkerProcesses(
            $master,
            static fn (string $command): bool => str_contains($command, $config),
        );
        $this->endpoint = new LoopbackEndpoint($port);
    }

    /** @internal for the launcher, once every worker booted */
    public function startedIn(float $seconds): void
    {
        $this->startSeconds = $seconds;
    }

    /** Until every worker booted the app and answered: PHP's start (the preload) and one boot of the app. */
    public function startSeconds(): float
    {
        return $this->startSeconds;
    }

    public function ensureRunning(string $during): void
    {
        $this->workerPids();
        if (!$this->master->isRunning()) {
            $error = RuntimeError::died(
                \sprintf('The worker server (master) for scenario %s', $this->name),
                $during,
                $this->logTail(),
            );
            throw $error;
        }
    }

    /** The same: the workers are the web server too, nothing stands in front of them. */
    public function serverCpuSeconds(): ?float
    {
        return $this->workers->cpuSeconds();
    }

    /** From the workers' own count (shared memory; none without ext-shmop: the load tool's count then stands). */
    public function requestCount(): ?RequestCount
    {
        $answer = $this->endpoint->get($this->paths->server(), 5.0);

        return null === $answer ? null : RequestCount::fromFpmStatus($answer);
    }

    /** How many workers have booted the app since the start (restarts included). */
    public function bootedWorkers(): int
    {
        return substr_count((string) @file_get_contents($this->workerLog), "] booted\n");
    }

    public function opcacheStatus(): ?OpcacheStatus
    {
        $answer = $this->endpoint->get($this->paths->opcache(), 5.0);

        return null === $answer ? null : OpcacheStatus::read($answer);
    }

    public function logTail(int $lines = 15): string
    {
        return LogTail::of([$this->workerLog, $this->phpErrorLog], $lines);
    }

    public function stop(): void
    {
        // SIGTERM: the master stops its workers (each drains) and waits for them.
        $this->supervisor->stop($this->master);
        $this->workers->stopStrays();
    }
}
