<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\Plan\Strategy\HotCriteria;

/** preheat.json "bench.hot": how the hot scenario chooses (as generate's --coverage, --min-share, --budget). */
final class HotSettings
{
    public function __construct(
        public readonly ?float $coverage = null,
        public readonly ?float $minShare = null,
        public readonly ?int $budgetBytes = null,
    ) {
    }

    public function criteria(): HotCriteria
    {
        return HotCriteria::orDefaults($this->coverage, $this->minShare, $this->budgetBytes);
    }
}
