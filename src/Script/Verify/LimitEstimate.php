<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

/**
 * One OPcache limit a fitted plan was held against without booting it: the room the php.ini leaves the
 * preload, what the whole plan took of it in the boot that measured it, and what the kept files are
 * expected to take and take at most (see CapacityFitter::estimate()).
 */
final class LimitEstimate
{
    public function __construct(
        /** opcache.interned_strings_buffer or opcache.memory_consumption */
        public readonly string $setting,
        public readonly int $roomBytes,
        public readonly int $measuredBytes,
        public readonly int $expectedBytes,
        public readonly int $atMostBytes,
    ) {
    }
}
