<?php

declare(strict_types=1);

namespace Preheat\Process;

/**
 * One line of /proc/PID/stat, split into its fields. The command name (field 2) may hold spaces and
 * parentheses, so the fields are the ones after its last ")": index 0 is field 3 (state), 1 ppid,
 * 2 pgrp, 3 session, ... 11 utime, 12 stime, ... 19 starttime.
 */
final class ProcStat
{
    /** @return list<string>|null null for a line that is not a stat line */
    public static function fields(string $line): ?array
    {
        $end = strrpos($line, ')');
        if (false === $end) {
            return null;
        }

        return explode(' ', trim(substr($line, $end + 2)));
    }
}
