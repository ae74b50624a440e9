<?php

declare(strict_types=1);

namespace Preheat\Seeds;

/** The time bound of a whole seeds run: once passed, what is left is reported as skipped, not run. */
final class Deadline
{
    private readonly float $end;

    public function __construct(public readonly float $seconds)
    {
        $this->end = microtime(true) + $seconds;
    }

    public function passed(): bool
    {
        return microtime(true) >= $this->end;
    }
}
