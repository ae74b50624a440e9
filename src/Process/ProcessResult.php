<?php

declare(strict_types=1);

namespace Preheat\Process;

final class ProcessResult
{
    /** @param list<string> $command */
    public function __construct(
        public readonly array $command,
        public readonly int $exitCode,
        public readonly string $stdout,
        public readonly string $stderr,
        public readonly float $seconds,
    ) {
    }

    public function commandLine(): string
    {
        return implode(' ', array_map(
            static fn (string $part): string => preg_match('{^[\w./=:@%+-]+$}', $part) ? $part : escapeshellarg($part),
            $this->command,
        ));
    }
}
