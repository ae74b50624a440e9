<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

/** What OPcache preloaded for one scenario, by its status after the last round; null: not known. */
final class PreloadFootprint
{
    /** @param int|null $classes those OPcache really preloaded: its own count less those it refused at start-up */
    public function __construct(
        public readonly ?int $classes,
        public readonly ?int $scripts,
        public readonly ?int $functions,
        public readonly ?int $memoryBytes,
    ) {
    }
}
