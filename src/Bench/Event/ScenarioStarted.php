<?php

declare(strict_types=1);

namespace Preheat\Bench\Event;

use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressEvent;

/** A scenario's server is up: how its script was made, how long PHP took to start, where it listens. */
final class ScenarioStarted implements ProgressEvent
{
    public function __construct(
        public readonly string $scenario,
        public readonly string $preparation,
        public readonly float $startSeconds,
        public readonly string $baseUrl,
    ) {
    }

    public function summary(): string
    {
        return \sprintf(
            'Scenario %s: %s; PHP up in %.2f s on %s',
            $this->scenario,
            $this->preparation,
            $this->startSeconds,
            substr($this->baseUrl, \strlen('http://')),
        );
    }

    public function outcome(): Outcome
    {
        return Outcome::Done;
    }
}
