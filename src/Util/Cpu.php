<?php

declare(strict_types=1);

namespace Preheat\Util;

final class Cpu
{
    /**
     * The machine's CPU cores (1 where /proc does not say).
     *
     * @param string $proc the /proc root: tests describe a machine of their own
     */
    public static function cores(string $proc = '/proc'): int
    {
        $cpuinfo = is_readable($proc.'/cpuinfo') ? (string) file_get_contents($proc.'/cpuinfo') : '';

        return max(1, preg_match_all('/^processor\s*:/m', $cpuinfo));
    }
}
