<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\Php\InternedStrings;
use Preheat\Php\OpcachePreload;

/** What one boot of PHP with the preload script measured, as the probe and the preload wrapper reported it. */
final class PreloadMeasurement
{
    public function __construct(
        public readonly bool $probeAnswered,
        public readonly string $phpVersion,
        /** What OPcache preloaded: its scripts are the files, the wrapper left out */
        public readonly OpcachePreload $preload,
        public readonly int $opcacheUsedBytes,
        public readonly int $opcacheMemoryBytes,
        public readonly InternedStrings $interned,
        public readonly int $maxCachedKeys,
        public readonly PreloadPhase $phase,
    ) {
    }
}
