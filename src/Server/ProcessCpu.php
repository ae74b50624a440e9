<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Process\ProcStat;

/**
 * CPU time of running processes from /proc: what a server's processes cost, sampled before and after
 * a measured run. The /proc root is a parameter, so tests read a directory laid out like it.
 */
final class ProcessCpu
{
    /** Clock ticks per second of /proc's times (USER_HZ): 100 on every Linux the bench runs on. */
    public const TICKS_PER_SECOND = 100;

    /** How deep below the parent to follow children: php-fpm and Apache fork one level, a worker may run a program. */
    private const MAX_DEPTH = 4;

    public function __construct(private readonly string $proc = '/proc')
    {
    }

    /**
     * CPU seconds (user + system) a process and every process below it have used so far, including
     * what children that already exited used (their parent's cutime + cstime, once it reaped them), so
     * that a worker recycled mid-run is not lost. null when the process is gone or /proc does not say.
     *
     * A live process's own time is read in nanoseconds from its threads' schedstat where the kernel
     * keeps one (the same total as utime + stime, which /proc/PID/stat gives only in ticks of 10 ms:
     * a run of a few CPU seconds read in ticks would be off by a percent or so); else utime + stime.
     */
    public function treeSeconds(int $pid): ?float
    {
        $seen = [$pid => true];

        return $this->tree($pid, $seen, 0);
    }

    /** @return list<int> the process's children now */
    public function children(int $pid): array
    {
        $children = @file_get_contents("{$this->proc}/$pid/task/$pid/children");
        if (false !== $children) {
            return array_values(array_map(
                'intval',
                array_filter(explode(' ', trim($children)), static fn (string $c): bool => '' !== $c),
            ));
        }
        // Kernels without CONFIG_PROC_CHILDREN: every process's parent, from its stat line.
        $found = [];
        foreach (glob("{$this->proc}/[0-9]*/stat") ?: [] as $file) {
            $fields = $this->fields((string) @file_get_contents($file));
            if (null !== $fields && (int) $fields[1] === $pid) {
                $found[] = (int) basename(\dirname($file));
            }
        }
        sort($found);

        return $found;
    }

    /** @param array<int, true> $seen */
    private function tree(int $pid, array &$seen, int $depth): ?float
    {
        $fields = $this->fields((string) @file_get_contents("{$this->proc}/$pid/stat"));
        if (null === $fields) {
            return null;
        }
        // After "pid (comm) ": utime, stime, cutime, cstime are the 12th to 15th fields.
        $seconds = ($this->scheduledSeconds($pid) ?? ((int) $fields[11] + (int) $fields[12]) / self::TICKS_PER_SECOND)
            + ((int) $fields[13] + (int) $fields[14]) / self::TICKS_PER_SECOND;
        if ($depth < self::MAX_DEPTH) {
            foreach ($this->children($pid) as $child) {
                if (!isset($seen[$child])) {
                    $seen[$child] = true;
                    // A child gone between listing and reading: its time is in our cutime once reaped.
                    $seconds += $this->tree($child, $seen, $depth + 1) ?? 0.0;
                }
            }
        }

        return $seconds;
    }

    /**
     * Seconds on a CPU of all the process's threads, from their schedstat (nanoseconds first); null where there is
     * none.
     */
    private function scheduledSeconds(int $pid): ?float
    {
        $files = glob("{$this->proc}/$pid/task/[0-9]*/schedstat") ?: [];
        if ([] === $files) {
            return null;
        }
        $nanoseconds = 0;
        foreach ($files as $file) {
            $schedstat = @file_get_contents($file);
            if (false === $schedstat || !preg_match('/^(\d+) /', $schedstat, $match)) {
                return null;
            }
            $nanoseconds += (int) $match[1];
        }

        return $nanoseconds / 1e9;
    }

    /** @return list<string>|null the stat line's fields after "pid (comm) " (comm may hold spaces and parentheses) */
    private function fields(string $stat): ?array
    {
        $fields = ProcStat::fields($stat);

        return null !== $fields && \count($fields) > 14 ? $fields : null;
    }
}
