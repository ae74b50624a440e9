<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

/**
 * One round of fitting the plan to the php.ini's OPcache sizes: what did not fit (the setting, its value,
 * the value that fits the whole plan), and how many planned files were kept. An estimated round is the fit
 * before the first boot of a plan far over a size (CapacityFitter::farOver()): by the typical figures, not by
 * what PHP measured.
 */
final class CapacityRound
{
    public function __construct(
        public readonly int $round,
        public readonly string $setting,
        public readonly string $currentValue,
        /** the value that would fit every planned file; null when the boot could not measure it */
        public readonly ?string $neededValue,
        public readonly int $plannedFiles,
        public readonly int $keptFiles,
        public readonly bool $estimated = false,
    ) {
    }
}
