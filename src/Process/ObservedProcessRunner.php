<?php

declare(strict_types=1);

namespace Preheat\Process;

/**
 * Tells an observer of each program before the runner it wraps starts it: the one place every command Preheat
 * runs is seen, whichever stage runs it.
 */
final class ObservedProcessRunner implements ProcessRunner
{
    public function __construct(private readonly ProcessRunner $inner, private readonly ProcessObserver $observer)
    {
    }

    public function run(
        array $command,
        ?string $workingDirectory = null,
        float $timeoutSeconds = 300.0,
        ?array $environment = null,
    ): ProcessResult {
        $this->observer->commandStarting(new StartedCommand($command, $workingDirectory, $environment ?? [], false));

        return $this->inner->run($command, $workingDirectory, $timeoutSeconds, $environment);
    }

    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        $this->observer->commandStarting(new StartedCommand($command, $workingDirectory, $environment ?? [], true));

        return $this->inner->start($command, $workingDirectory, $environment);
    }
}
