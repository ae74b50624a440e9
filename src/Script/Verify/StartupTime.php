<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

/** How much longer PHP took to start with the script than without it. */
final class StartupTime
{
    public function __construct(
        /** The wall clock: it grows with whatever else the machine runs */
        public readonly float $seconds,
        /**
         * The CPU time (user and system) on top of a boot without the script, what the slow start-up check
         * judges: unlike the wall clock, it does not grow with the machine's load. Null when not measured.
         */
        public readonly ?float $cpuSeconds = null,
        /**
         * PHP booted with the C library's allocator (VerifyOptions::withSystemAllocator()): the start-up is
         * shorter than php-fpm's, which pays PHP's own allocator, and the peak memory was not measured.
         */
        public readonly bool $systemAllocator = false,
    ) {
    }
}
