<?php

declare(strict_types=1);

namespace Preheat\Process;

/**
 * Runs external programs, to completion or in the background (servers). Every program Preheat starts goes
 * through here, so that tests can see and fake them.
 */
interface ProcessRunner
{
    /**
     * @param list<string>               $command
     * @param array<string, string>|null $environment added to the inherited environment
     */
    public function run(
        array $command,
        ?string $workingDirectory = null,
        float $timeoutSeconds = 300.0,
        ?array $environment = null,
    ): ProcessResult;

    /**
     * Starts a long-running program (a server) and returns at once; it runs until stopped.
     *
     * @param list<string>               $command
     * @param array<string, string>|null $environment added to the inherited environment
     */
    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess;
}
