<?php

declare(strict_types=1);

namespace Preheat\Process;

/** Runs external programs. Behind an interface so that planning and reporting can be tested without them. */
interface ProcessRunner
{
    /**
     * @param list<string>               $command
     * @param array<string, string>|null $environment added to the inherited environment
     */
    public function run(array $command, ?string $workingDirectory = null, float $timeoutSeconds = 300.0, ?array $environment = null): ProcessResult;
}
