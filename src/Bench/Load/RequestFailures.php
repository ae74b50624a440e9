<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

/** What went wrong in one run, by its load tool's count: answers other than 2xx, socket errors and timeouts. */
final class RequestFailures
{
    public function __construct(
        public readonly int $non2xx = 0,
        public readonly int $socketErrors = 0,
        public readonly int $timeouts = 0,
    ) {
    }

    public function none(): bool
    {
        return 0 === $this->non2xx && 0 === $this->socketErrors && 0 === $this->timeouts;
    }
}
