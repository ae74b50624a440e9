<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

/**
 * OPcache's two limits a preload must fit, as one boot measured them: the interned-string buffer
 * (what PHP itself interns before any preload, the buffer's size, and what the preload needs, measured
 * with room to spare when it overflowed) and shared memory (used before any preload, its size, and
 * what the preload took).
 */
final class OpcacheRoom
{
    public function __construct(
        public readonly int $internedBaselineBytes,
        public readonly int $internedBufferBytes,
        /** The preload's own interned strings, measured with a larger buffer after an overflow; null without one */
        public readonly ?int $internedNeededBytes,
        public readonly int $memoryBaselineBytes,
        public readonly int $memoryBytes,
        public readonly int $preloadMemoryBytes,
    ) {
    }
}
