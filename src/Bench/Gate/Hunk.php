<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/** Tokens [aStart, aEnd) of one sequence replaced by tokens [bStart, bEnd) of the other (either range may be empty). */
final class Hunk
{
    public function __construct(
        public readonly int $aStart,
        public readonly int $aEnd,
        public readonly int $bStart,
        public readonly int $bEnd,
    ) {
    }
}
