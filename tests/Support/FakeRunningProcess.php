<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Process\RunningProcess;

final class FakeRunningProcess implements RunningProcess
{
    public int $stops = 0;

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

    public function stop(float $graceSeconds = 5.0): void
    {
        ++$this->stops;
        $this->running = false;
    }

    public function output(): string
    {
        return '';
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
