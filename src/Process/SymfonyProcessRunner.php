<?php

declare(strict_types=1);

namespace Preheat\Process;

use Symfony\Component\Process\Exception\ProcessStartFailedException;
use Symfony\Component\Process\Exception\ProcessTimedOutException;
use Symfony\Component\Process\Exception\RuntimeException as ProcessRuntimeException;
use Symfony\Component\Process\Process;

final class SymfonyProcessRunner implements ProcessRunner
{
    /** @param ProcessTree $tree where the processes of a program are looked up when it ends or is stopped */
    public function __construct(private readonly ProcessTree $tree = new ProcessTree())
    {
    }

    public function run(
        array $command,
        ?string $workingDirectory = null,
        float $timeoutSeconds = 300.0,
        ?array $environment = null,
    ): ProcessResult {
        // In a session of its own too: what it leaves running when it ends (a child it forked and did not
        // wait for) is found by its session and stopped, so that a command run once leaves nothing behind.
        $setsid = self::setsid($command);
        $ownSession = null !== $setsid;
        $process = new Process(
            $ownSession ? [$setsid, ...$command] : $command,
            $workingDirectory,
            $environment,
            null,
            $timeoutSeconds,
        );
        $started = hrtime(true);
        try {
            $process->start();
        } catch (ProcessStartFailedException|ProcessRuntimeException $error) {
            throw ProcessFailed::cannotStart($command, $error->getMessage());
        }
        // Interrupted while it runs (a verification can take minutes), the run stops it and what it started.
        $running = new SymfonyRunningProcess($process, $ownSession, null, $this->tree);
        try {
            $process->wait();
        } catch (ProcessTimedOutException) {
            throw ProcessFailed::timedOut($command, $timeoutSeconds);
        } catch (ProcessRuntimeException $error) {
            throw ProcessFailed::cannotStart($command, $error->getMessage());
        } finally {
            // Ended or timed out: whatever is left of its session is stopped, by PID.
            $running->stop(1.0);
        }
        $seconds = (hrtime(true) - $started) / 1e9;
        $exitCode = $process->getExitCode() ?? -1;
        if (127 === $exitCode && '' === $process->getOutput()) {
            throw ProcessFailed::cannotStart($command, self::notFound(trim($process->getErrorOutput())));
        }

        return new ProcessResult($command, $exitCode, $process->getOutput(), $process->getErrorOutput(), $seconds);
    }

    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        // In a session of its own: whatever it forks, also after it started, can be found and stopped with it.
        $setsid = self::setsid($command);
        $process = new Process(
            null === $setsid ? $command : [$setsid, ...$command],
            $workingDirectory,
            $environment,
            null,
            null,
        );
        try {
            $process->start();
        } catch (ProcessStartFailedException|ProcessRuntimeException $error) {
            throw ProcessFailed::cannotStart($command, $error->getMessage());
        }

        return new SymfonyRunningProcess(
            $process,
            null !== $setsid,
            (new Process($command))->getCommandLine(),
            $this->tree,
        );
    }

    /**
     * setsid(1), when there is one and the program exists: a missing program must still fail at its start,
     * as it does without setsid, not as setsid's exit code 127 later.
     *
     * @param list<string> $command
     */
    private static function setsid(array $command): ?string
    {
        $setsid = self::find('setsid');

        return null === $setsid || null === self::find($command[0] ?? '') ? null : $setsid;
    }

    /**
     * What a program that is not there said: PHP 8.2 exits 127 silently; PHP 8.4 fails to spawn it and
     * Symfony retries through `sh -c 'exec …'`, whose "sh: 1: exec: NAME: not found" says the same.
     */
    private static function notFound(string $stderr): string
    {
        return '' === $stderr || 1 === preg_match('/^\S*sh: (line )?\d+: exec: .+: not found$/', $stderr)
            ? 'command not found'
            : $stderr;
    }

    private static function find(string $program): ?string
    {
        if ('' === $program) {
            return null;
        }
        if (str_contains($program, '/')) {
            return is_file($program) && is_executable($program) ? $program : null;
        }
        foreach (explode(':', (string) getenv('PATH')) as $directory) {
            $candidate = ('' === $directory ? '.' : $directory).'/'.$program;
            if (is_file($candidate) && is_executable($candidate)) {
                return $candidate;
            }
        }

        return null;
    }
}
