<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

/** What the preload wrapper reported of the preload phase, once the script had run; null where it did not say. */
final class PreloadPhase
{
    public function __construct(
        /** memory_get_peak_usage(true) of the phase; null under the C library's allocator, where it reports 0 */
        public readonly ?int $peakMemoryBytes = null,
        /** memory_limit as the script left it: "-1" when the script lifted it for the preload */
        public readonly ?string $memoryLimitAfterScript = null,
        /** The user the script ran as */
        public readonly ?string $user = null,
    ) {
    }

    public function liftsMemoryLimit(): bool
    {
        return '-1' === $this->memoryLimitAfterScript;
    }
}
