<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Plan\Strategy\UsageSnapshot;

/** What traffic loads, and where that was learnt: what the default plans hot from. */
final class Evidence
{
    public function __construct(
        /** e.g. "php-fpm's hit counts at 127.0.0.1:9000" or "the usage store preheat-usage.log" */
        public readonly string $source,
        public readonly UsageSnapshot $usage,
        /** Whether it is php-fpm's hit counts (loads of scripts) rather than a recorder's sampled requests. */
        public readonly bool $hitCounts,
    ) {
    }
}
