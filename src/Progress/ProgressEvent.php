<?php

declare(strict_types=1);

namespace Preheat\Progress;

/**
 * Something a long-running command finished, as a value: what happened, not how it is said. A logger
 * renders it (ConsoleProgressLogger: its summary behind the mark of its outcome).
 */
interface ProgressEvent
{
    public function summary(): string;

    public function outcome(): Outcome;
}
