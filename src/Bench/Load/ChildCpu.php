<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

/** CPU seconds used by finished child processes (getrusage RUSAGE_CHILDREN): a load tool's own cost. */
final class ChildCpu
{
    public static function seconds(): float
    {
        $usage = getrusage(1);
        if (false === $usage) {
            return 0.0;
        }

        return $usage['ru_utime.tv_sec'] + $usage['ru_utime.tv_usec'] / 1e6
            + $usage['ru_stime.tv_sec'] + $usage['ru_stime.tv_usec'] / 1e6;
    }
}
