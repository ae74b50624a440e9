<?php

declare(strict_types=1);

namespace Preheat\Process;

/** A program about to start, as the runner was asked to start it: what a trace shows, to run it again by hand. */
final class StartedCommand
{
    /**
     * @param list<string>          $command     the program and its arguments, unquoted
     * @param array<string, string> $environment what the run adds to the inherited environment
     * @param bool                  $background  a server, left running until stopped, not run to completion
     */
    public function __construct(
        public readonly array $command,
        public readonly ?string $workingDirectory,
        public readonly array $environment,
        public readonly bool $background,
    ) {
    }
}
