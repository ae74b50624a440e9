<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Usage\UsageSummary;

/** What `preheat usage` reports: the summary of the recorded traffic, and the stores it was read from. */
final class UsageReport
{
    public function __construct(
        public readonly UsageSummary $summary,
        public readonly string $store,
        /** php-fpm's OPcache hit counts (loads of scripts since its last start), not a recorder's sampled requests */
        public readonly bool $hitCounts = false,
        /** with $hitCounts: the scripts php-fpm preloaded, which have no count (no request includes them) */
        public readonly int $preloadedScripts = 0,
    ) {
    }
}
