<?php

declare(strict_types=1);

namespace Preheat\Process;

/** A program started in the background (a server): asked whether it still runs, stopped by its PID. */
interface RunningProcess
{
    public function pid(): ?int;

    public function isRunning(): bool;

    /** How it ended: its exit code; null while it runs (or when the system did not say). */
    public function exitCode(): ?int;

    /** SIGTERM first, SIGKILL once $graceSeconds have passed; nothing if it already ended. */
    public function stop(float $graceSeconds = 5.0): void;

    /** What it printed on stdout so far. */
    public function output(): string;

    /** What it printed on stderr so far. */
    public function errorOutput(): string;

    public function commandLine(): string;
}
