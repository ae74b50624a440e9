<?php

declare(strict_types=1);

namespace Preheat\Bench\Event;

use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressEvent;

/** The discarded load before the rounds is done: every scenario at once, or each in turn. */
final class WarmedUp implements ProgressEvent
{
    public function __construct(
        public readonly int $scenarios,
        public readonly float $seconds,
        public readonly bool $together,
    ) {
    }

    public function summary(): string
    {
        return $this->together
            ? \sprintf('Warmed up %d scenario(s) together for %g s (discarded)', $this->scenarios, $this->seconds)
            : \sprintf('Warmed up %d scenario(s), %g s each (discarded)', $this->scenarios, $this->seconds);
    }

    public function outcome(): Outcome
    {
        return Outcome::Done;
    }
}
