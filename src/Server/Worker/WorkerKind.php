<?php

declare(strict_types=1);

namespace Preheat\Server\Worker;

use Preheat\Server\RuntimeContext;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\RuntimeKind;
use Preheat\Util\Cpu;

/** Persistent workers: the app booted once per worker process (the program in src/Worker). */
final class WorkerKind implements RuntimeKind
{
    public function name(): string
    {
        return 'worker';
    }

    public function describe(): string
    {
        return 'persistent workers: the app booted once';
    }

    public function binaries(): array
    {
        return [];
    }

    public function defaultWorkers(): int
    {
        // A persistent worker never blocks on start-up: one per core.
        return max(1, Cpu::cores());
    }

    public function workersLine(int $workers): string
    {
        return $workers.' (persistent workers: app booted once)';
    }

    public function keepsTheAppBooted(): bool
    {
        return true;
    }

    public function factory(RuntimeContext $context): RuntimeFactory
    {
        return new WorkerLauncher($context->supervisor, $context->stack, $context->worker);
    }
}
