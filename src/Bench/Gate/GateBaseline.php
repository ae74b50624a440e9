<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/** The baseline scenario's check, and what every other scenario's pages must match. */
final class GateBaseline
{
    /** @param array<string, ExpectedPage> $pages by path */
    public function __construct(
        public readonly GateResult $result,
        public readonly array $pages,
    ) {
    }
}
