<?php

declare(strict_types=1);

namespace Preheat\Bench\Load\Callgrind;

/** One dump of a callgrind profile: the instructions executed since the dump before, and what ended it. */
final class CallgrindPart
{
    public function __construct(
        public readonly int $number,
        public readonly string $trigger,
        public readonly int $instructions,
    ) {
    }
}
