<?php

declare(strict_types=1);

namespace Preheat\Php;

/** OPcache's shared memory, in bytes: used, free, and wasted (taken by scripts that changed since). */
final class OpcacheMemory
{
    public function __construct(
        public readonly int $usedBytes = 0,
        public readonly int $freeBytes = 0,
        public readonly int $wastedBytes = 0,
    ) {
    }

    /** The three together: opcache.memory_consumption as PHP sized it. */
    public function sizeBytes(): int
    {
        return $this->usedBytes + $this->freeBytes + $this->wastedBytes;
    }
}
