<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

use Preheat\Process\ChildCpu;
use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;

/**
 * A load tool running in the background, so that several can load their servers at the same time:
 * polled until it ends; one that overruns its time limit is stopped.
 *
 * Its own CPU time is read around the poll that sees it end. That poll is when PHP reaps the child,
 * and getrusage(RUSAGE_CHILDREN) counts a child once it is reaped, so tools running side by side
 * each get their own CPU time, not their neighbours'.
 */
final class ToolProcess
{
    private float $cpuSeconds = 0.0;
    private ?ProcessResult $result = null;

    /** @param list<string> $command */
    private function __construct(
        private readonly RunningProcess $process,
        private readonly array $command,
        private readonly float $timeoutSeconds,
        private readonly int $startedAt,
    ) {
    }

    /** @param list<string> $command */
    public static function start(ProcessRunner $runner, array $command, float $timeoutSeconds): self
    {
        $startedAt = hrtime(true);

        return new self($runner->start($command), $command, $timeoutSeconds, $startedAt);
    }

    /**
     * How it ended, once it has; null while it runs.
     *
     * @phpstan-impure
     *
     * @throws ProcessFailed when it overran its time limit (it is stopped then) or could not be started
     */
    public function poll(): ?ProcessResult
    {
        if (null !== $this->result) {
            return $this->result;
        }
        $before = ChildCpu::seconds();
        $running = $this->process->isRunning();
        $this->cpuSeconds += ChildCpu::seconds() - $before;
        $seconds = (hrtime(true) - $this->startedAt) / 1e9;
        if ($running) {
            if ($seconds > $this->timeoutSeconds) {
                $this->process->stop(1.0);
                throw ProcessFailed::timedOut($this->command, $this->timeoutSeconds);
            }

            return null;
        }
        $exitCode = $this->process->exitCode() ?? -1;
        if (127 === $exitCode && '' === $this->process->output()) {
            $error = ProcessFailed::cannotStart(
                $this->command,
                trim($this->process->errorOutput()) ?: 'command not found',
            );
            throw $error;
        }

        return $this->result = new ProcessResult(
            $this->command,
            $exitCode,
            $this->process->output(),
            $this->process->errorOutput(),
            $seconds,
        );
    }

    /** The tool's own CPU seconds (user + system), known once it has ended. */
    public function cpuSeconds(): float
    {
        return $this->cpuSeconds;
    }

    /** Stops it if it still runs: a failure elsewhere ends the round. */
    public function abort(): void
    {
        $this->process->stop(1.0);
    }
}
