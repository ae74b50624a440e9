<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

/** What one boot of PHP with the preload script measured, as the probe and the preload wrapper reported it. */
final class PreloadMeasurement
{
    /**
     * @param list<string> $scripts the files OPcache preloaded, the wrapper left out
     */
    public function __construct(
        public readonly bool $probeAnswered,
        public readonly string $phpVersion,
        public readonly array $scripts,
        public readonly int $classes,
        public readonly int $functions,
        public readonly int $preloadMemoryBytes,
        public readonly int $opcacheUsedBytes,
        public readonly int $opcacheMemoryBytes,
        public readonly int $internedUsedBytes,
        public readonly int $internedBufferBytes,
        public readonly int $maxCachedKeys,
        public readonly ?int $peakMemoryBytes,
        /** memory_limit as the script left it: "-1" when the script lifted it for the preload */
        public readonly ?string $memoryLimitAfterScript,
        public readonly ?string $preloadUser,
    ) {
    }

    public function liftsMemoryLimit(): bool
    {
        return '-1' === $this->memoryLimitAfterScript;
    }
}
