<?php

declare(strict_types=1);

namespace Preheat\Process;

use Symfony\Component\Process\Process;

/** @internal started by SymfonyProcessRunner::start() */
final class SymfonyRunningProcess implements RunningProcess
{
    public function __construct(private readonly Process $process)
    {
    }

    public function pid(): ?int
    {
        return $this->process->getPid();
    }

    public function isRunning(): bool
    {
        return $this->process->isRunning();
    }

    public function exitCode(): ?int
    {
        return $this->process->getExitCode();
    }

    public function stop(float $graceSeconds = 5.0): void
    {
        if ($this->process->isRunning()) {
            $this->process->stop($graceSeconds, \defined('SIGTERM') ? \SIGTERM : null);
        }
    }

    public function output(): string
    {
        return $this->process->getOutput();
    }

    public function errorOutput(): string
    {
        return $this->process->getErrorOutput();
    }

    public function commandLine(): string
    {
        return $this->process->getCommandLine();
    }
}
