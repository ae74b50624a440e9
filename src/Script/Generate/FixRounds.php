<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

/** The fix rounds of one `generate`: those run, how many it could spend, and the one that found nothing to drop. */
final class FixRounds
{
    /** @param list<FixRound> $rounds run, in order */
    public function __construct(
        public readonly array $rounds = [],
        public readonly int $limit = 0,
        /** the fix round that found nothing new to drop, and so was not run */
        public readonly ?int $stalledRound = null,
    ) {
    }
}
