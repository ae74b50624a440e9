<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault;

/** How the runs of a case ended. */
final class Outcome
{
    /**
     * @param list<?int>   $exitCodes one per copy
     * @param list<string> $problems  what the hooks found wrong while it ran
     */
    public function __construct(
        public readonly array $exitCodes,
        public readonly string $output,
        public readonly array $problems,
    ) {
    }
}
