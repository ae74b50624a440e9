<?php

declare(strict_types=1);

namespace Preheat\Server\ApacheModPhp;

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

/** One running Apache with mod_php (prefork: its children are the PHP workers), on a loopback port of its own. */
final class ApacheModPhpRuntime implements Runtime
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
        private readonly RunningProcess $apache,
        private readonly string $errorLog,
        private readonly string $phpErrorLog,
        private readonly StatusPaths $paths,
    ) {
        // Children still running this scenario's Apache: the check guards against a PID reused since.
        $this->workers = new WorkerProcesses(
            $apache,
            static fn (string $command): bool => str_contains($command, $directory.'/apache2.conf'),
        );
        $this->endpoint = new LoopbackEndpoint($port);
    }

    /** @internal for the launcher, once PHP answered */
    public function startedIn(float $seconds): void
    {
        $this->startSeconds = $seconds;
    }

    /** Until PHP first answered: mod_php starts (and preloads) in Apache's parent before its children fork. */
    public function startSeconds(): float
    {
        return $this->startSeconds;
    }

    public function ensureRunning(string $during): void
    {
        $this->workerPids();
        if (!$this->apache->isRunning()) {
            $error = RuntimeError::died(
                \sprintf('Apache (mod_php) for scenario %s', $this->name),
                $during,
                $this->logTail(),
            );
            throw $error;
        }
    }

    public function serverCpuSeconds(): ?float
    {
        return $this->workers->cpuSeconds();
    }

    public function requestCount(): ?RequestCount
    {
        $status = $this->endpoint->get($this->paths->server().'?auto', 5.0);

        return null === $status ? null : RequestCount::fromApacheStatus($status);
    }

    public function opcacheStatus(): ?OpcacheStatus
    {
        $answer = $this->endpoint->get($this->paths->opcache(), 5.0);

        return null === $answer ? null : OpcacheStatus::read($answer);
    }

    public function logTail(int $lines = 15): string
    {
        return LogTail::of([$this->errorLog, $this->phpErrorLog], $lines);
    }

    public function stop(): void
    {
        // SIGTERM: Apache's parent stops its children and waits for them.
        $this->supervisor->stop($this->apache);
        $this->workers->stopStrays();
    }
}
