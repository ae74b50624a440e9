<?php

declare(strict_types=1);

namespace Preheat\Process;

use Preheat\EnvironmentError;
use Preheat\Setting;
use Preheat\SettingError;

/** An external program could not be started, timed out or failed; carries the command, exit code and stderr. */
final class ProcessFailed extends \RuntimeException implements EnvironmentError, SettingError
{
    /** @param list<string> $command */
    private function __construct(
        string $message,
        public readonly array $command,
        public readonly ?int $exitCode = null,
        public readonly string $stderr = '',
        private readonly ?Setting $setting = null,
    ) {
        parent::__construct($message);
    }

    /** The same failure, of the program a setting names (the PHP binary): the console adds its option. */
    public function about(Setting $setting): self
    {
        return new self($this->getMessage(), $this->command, $this->exitCode, $this->stderr, $setting);
    }

    public function setting(): ?Setting
    {
        return $this->setting;
    }

    /** @param list<string> $command */
    public static function cannotStart(array $command, string $why): self
    {
        return new self(
            \sprintf('Cannot run `%s`: %s. Check that the program exists and is executable.', $command[0] ?? '', $why),
            $command,
        );
    }

    /** @param list<string> $command */
    public static function timedOut(array $command, float $seconds): self
    {
        return new self(
            \sprintf('`%s` did not finish within %.0f s and was stopped.', implode(' ', $command), $seconds),
            $command,
        );
    }

    /**
     * A tool that ran but printed nothing it could be understood by (a load generator, a PHP probe).
     *
     * @param list<string> $command
     */
    public static function unreadableOutput(
        string $tool,
        array $command,
        ?int $exitCode,
        string $stderr,
        string $stdout,
    ): self {
        return new self(
            \sprintf(
                '%s failed (exit %s): %s%s',
                $tool,
                null === $exitCode ? 'none' : (string) $exitCode,
                trim(trim($stderr)."\n".trim($stdout)),
                [] === $command ? '' : "\nCommand: ".implode(' ', $command),
            ),
            $command,
            $exitCode,
            $stderr,
        );
    }

    public static function unexpectedExit(ProcessResult $result, string $what): self
    {
        return new self(
            \sprintf(
                "%s failed: `%s` exited with code %d.\n%s",
                $what,
                $result->commandLine(),
                $result->exitCode,
                trim($result->stderr ?: $result->stdout),
            ),
            $result->command,
            $result->exitCode,
            $result->stderr,
        );
    }
}
