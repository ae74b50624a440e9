<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Plan\ForcedDrop;
use Preheat\Plan\ForcedDrops;

/** One fix round: what PHP refused at start-up, dropped (with everything that needs it) before trying again. */
final class FixRound implements Constraint
{
    /** @param list<ForcedDrop> $drops the classes PHP could not link, then the files it complained about */
    public function __construct(
        public readonly int $round,
        public readonly array $drops,
    ) {
    }

    public function forcedDrops(): ForcedDrops
    {
        return new ForcedDrops(...$this->drops);
    }

    public function progress(): string
    {
        return \sprintf(
            'Fix round %d: dropping %d item(s) PHP refused, planning again',
            $this->round,
            \count($this->drops),
        );
    }

    public function purpose(): string
    {
        return \sprintf('verification after fix round %d', $this->round);
    }
}
