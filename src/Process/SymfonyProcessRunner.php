<?php

declare(strict_types=1);

namespace Preheat\Process;

use Symfony\Component\Process\Exception\ProcessStartFailedException;
use Symfony\Component\Process\Exception\ProcessTimedOutException;
use Symfony\Component\Process\Exception\RuntimeException as ProcessRuntimeException;
use Symfony\Component\Process\Process;

final class SymfonyProcessRunner implements ProcessRunner
{
    public function run(array $command, ?string $workingDirectory = null, float $timeoutSeconds = 300.0, ?array $environment = null): ProcessResult
    {
        $process = new Process($command, $workingDirectory, $environment, null, $timeoutSeconds);
        $started = hrtime(true);
        try {
            $process->run();
        } catch (ProcessTimedOutException) {
            throw ProcessFailed::timedOut($command, $timeoutSeconds);
        } catch (ProcessStartFailedException|ProcessRuntimeException $error) {
            throw ProcessFailed::cannotStart($command, $error->getMessage());
        }
        $seconds = (hrtime(true) - $started) / 1e9;
        $exitCode = $process->getExitCode() ?? -1;
        if (127 === $exitCode && '' === $process->getOutput()) {
            throw ProcessFailed::cannotStart($command, trim($process->getErrorOutput()) ?: 'command not found');
        }

        return new ProcessResult($command, $exitCode, $process->getOutput(), $process->getErrorOutput(), $seconds);
    }

    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        $process = new Process($command, $workingDirectory, $environment, null, null);
        try {
            $process->start();
        } catch (ProcessStartFailedException|ProcessRuntimeException $error) {
            throw ProcessFailed::cannotStart($command, $error->getMessage());
        }

        return new SymfonyRunningProcess($process);
    }
}
