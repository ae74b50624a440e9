<?php

declare(strict_types=1);

namespace Preheat\Server;

/**
 * Memory of running processes from /proc. PSS, not RSS: RSS counts OPcache's shared memory once per
 * worker, PSS shares it out between them.
 */
final class ProcessMemory
{
    /** PSS in bytes, or null where /proc does not say (not Linux, process gone). */
    public static function pss(int $pid): ?int
    {
        $rollup = @file_get_contents("/proc/$pid/smaps_rollup");
        if (false === $rollup || !preg_match('/^Pss:\s+(\d+) kB/m', $rollup, $match)) {
            return null;
        }

        return (int) $match[1] * 1024;
    }

    /** @return list<int> */
    public static function children(int $pid): array
    {
        $children = @file_get_contents("/proc/$pid/task/$pid/children");
        if (false !== $children) {
            return array_values(array_map(
                'intval',
                array_filter(explode(' ', trim($children)), static fn (string $c): bool => '' !== $c),
            ));
        }
        $found = [];
        foreach (glob('/proc/[0-9]*/stat') ?: [] as $stat) {
            $fields = explode(' ', (string) preg_replace('/^\d+ \(.*\) /', '', (string) @file_get_contents($stat)));
            if ((int) ($fields[1] ?? 0) === $pid) {
                $found[] = (int) basename(\dirname($stat));
            }
        }

        return $found;
    }
}
