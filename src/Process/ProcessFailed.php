<?php

declare(strict_types=1);

namespace Preheat\Process;

use Preheat\UserError;

/** An external program could not be started, timed out or failed; carries the command, exit code and stderr. */
final class ProcessFailed extends \RuntimeException implements UserError
{
    /** @param list<string> $command */
    private function __construct(
        string $message,
        public readonly array $command,
        public readonly ?int $exitCode = null,
        public readonly string $stderr = '',
    ) {
        parent::__construct($message);
    }

    /** @param list<string> $command */
    public static function cannotStart(array $command, string $why): self
    {
        return new self(\sprintf('Cannot run `%s`: %s. Check that the program exists and is executable (for PHP, pass --php=BINARY).', $command[0] ?? '', $why), $command);
    }

    /** @param list<string> $command */
    public static function timedOut(array $command, float $seconds): self
    {
        return new self(\sprintf('`%s` did not finish within %.0f s and was stopped.', implode(' ', $command), $seconds), $command);
    }

    public static function unexpectedExit(ProcessResult $result, string $what): self
    {
        return new self(
            \sprintf("%s failed: `%s` exited with code %d.\n%s", $what, $result->commandLine(), $result->exitCode, trim($result->stderr ?: $result->stdout)),
            $result->command,
            $result->exitCode,
            $result->stderr,
        );
    }
}
