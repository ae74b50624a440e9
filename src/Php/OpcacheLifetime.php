<?php

declare(strict_types=1);

namespace Preheat\Php;

/** When OPcache started and last restarted, and how often it restarted, by cause. */
final class OpcacheLifetime
{
    /**
     * @param int                                          $startTime       when OPcache started (Unix time; 0 when
     *                                                                      unknown): when php-fpm preloaded
     * @param int                                          $lastRestartTime its last restart (Unix time; 0 for none)
     * @param array{oom: int, hash: int, manual: int}|null $restarts        its restarts since it started, by cause;
     *                                                                      null when OPcache is off
     */
    public function __construct(
        public readonly int $startTime = 0,
        public readonly int $lastRestartTime = 0,
        public readonly ?array $restarts = null,
    ) {
    }
}
