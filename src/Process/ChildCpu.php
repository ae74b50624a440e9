<?php

declare(strict_types=1);

namespace Preheat\Process;

/**
 * CPU seconds used by finished child processes (getrusage RUSAGE_CHILDREN), grandchildren their parents waited
 * for included: read before and after a child is reaped, the child's own user and system time (a load tool's
 * cost, a boot's work), which unlike the wall clock does not grow with what else the machine runs.
 */
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
