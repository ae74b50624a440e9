<?php

declare(strict_types=1);

namespace Preheat\Worker;

/** The worker program's own log: starts, restarts, fatals, refused requests; one line each, appended. */
final class WorkerLog
{
    public function __construct(private readonly string $file)
    {
    }

    public function write(string $message): void
    {
        $line = \sprintf("[%s] [pid %d] %s\n", gmdate('Y-m-d H:i:s'), getmypid(), $message);
        @file_put_contents($this->file, $line, \FILE_APPEND | \LOCK_EX);
    }
}
