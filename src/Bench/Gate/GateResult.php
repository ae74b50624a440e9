<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/** Whether a scenario serves every page correctly, and if not, what differs. */
final class GateResult
{
    /**
     * @param list<string> $problems what is wrong, one entry per page
     * @param list<string> $notes    what was learned or masked, for the progress output
     */
    public function __construct(
        public readonly string $scenario,
        public readonly array $problems,
        public readonly array $notes = [],
    ) {
    }

    public function passed(): bool
    {
        return [] === $this->problems;
    }
}
