<?php

declare(strict_types=1);

namespace Preheat\Bench\Event;

use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressEvent;

/** Every measured scenario's server was started anew before a round. */
final class ServersRestarted implements ProgressEvent
{
    public function __construct(public readonly int $beforeRound)
    {
    }

    public function summary(): string
    {
        return \sprintf('Started every server anew before round %d', $this->beforeRound);
    }

    public function outcome(): Outcome
    {
        return Outcome::Done;
    }
}
