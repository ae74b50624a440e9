<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Process\ProcessObserver;
use Preheat\Process\StartedCommand;

/** Remembers what it is told, in order: each event as a short string, with the objects kept beside. */
final class RecordingObserver implements ProcessObserver
{
    /** @var list<string> */
    public array $events = [];

    /** @var list<StartedCommand> */
    public array $commands = [];

    /** @var array<string, array{string, ?string}> path => [contents, copied file] */
    public array $configs = [];

    public function commandStarting(StartedCommand $command): void
    {
        $this->commands[] = $command;
        $this->events[] = ($command->background ? 'start ' : 'run ').implode(' ', $command->command);
    }

    public function configWritten(string $path, string $contents, ?string $copyOf = null): void
    {
        $this->configs[$path] = [$contents, $copyOf];
        $this->events[] = 'config '.basename($path);
    }
}
