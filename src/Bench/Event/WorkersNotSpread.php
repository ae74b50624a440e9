<?php

declare(strict_types=1);

namespace Preheat\Bench\Event;

use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressEvent;

/** A server's PHP workers could not be pinned to cores: the bench goes on, the kernel places them. */
final class WorkersNotSpread implements ProgressEvent
{
    public function __construct(
        public readonly string $scenario,
        public readonly string $problem,
    ) {
    }

    public function summary(): string
    {
        return \sprintf(
            'The PHP workers of %s could not be spread over the cores (%s): they run where the kernel puts them',
            $this->scenario,
            $this->problem,
        );
    }

    public function outcome(): Outcome
    {
        return Outcome::Warning;
    }
}
