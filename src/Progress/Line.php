<?php

declare(strict_types=1);

namespace Preheat\Progress;

/** A finished step said in a sentence by its caller, with how it ended (for stages without events of their own). */
final class Line implements ProgressEvent
{
    public function __construct(
        private readonly string $summary,
        private readonly Outcome $outcome = Outcome::Done,
    ) {
    }

    public function summary(): string
    {
        return $this->summary;
    }

    public function outcome(): Outcome
    {
        return $this->outcome;
    }
}
