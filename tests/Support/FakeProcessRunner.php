<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;

/** Starts nothing: remembers every command, answers run() with exit 0, and start() with a FakeRunningProcess. */
final class FakeProcessRunner implements ProcessRunner
{
    /** @var list<list<string>> */
    public array $ran = [];

    /** @var list<FakeRunningProcess> */
    public array $started = [];

    /** @param bool $startedProcessesExit whether a started program ends at once (a server that cannot start) */
    public function __construct(private readonly bool $startedProcessesExit = false, private readonly string $errorOutput = '')
    {
    }

    public function run(array $command, ?string $workingDirectory = null, float $timeoutSeconds = 300.0, ?array $environment = null): ProcessResult
    {
        $this->ran[] = $command;

        return new ProcessResult($command, 0, '', '', 0.0);
    }

    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        return $this->started[] = new FakeRunningProcess($command, !$this->startedProcessesExit, $this->errorOutput);
    }
}
