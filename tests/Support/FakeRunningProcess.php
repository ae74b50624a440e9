<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Process\RunningProcess;

final class FakeRunningProcess implements RunningProcess
{
    public int $stops = 0;
    private int $exitCode = 0;
    private string $output = '';

    /** @param list<string> $command */
    public function __construct(
        public readonly array $command,
        private bool $running,
        private readonly string $errorOutput = '',
    ) {
    }

    public function pid(): ?int
    {
        return null;
    }

    public function isRunning(): bool
    {
        return $this->running;
    }

    public function exitCode(): ?int
    {
        return $this->running ? null : $this->exitCode;
    }

    /** The program ends on its own, with this exit code and output. */
    public function end(int $exitCode = 0, string $output = ''): void
    {
        $this->running = false;
        $this->exitCode = $exitCode;
        $this->output = $output;
    }

    public function stop(float $graceSeconds = 5.0): void
    {
        ++$this->stops;
        $this->running = false;
    }

    public function output(): string
    {
        return $this->output;
    }

    public function errorOutput(): string
    {
        return $this->errorOutput;
    }

    public function commandLine(): string
    {
        return implode(' ', $this->command);
    }
}
