<?php

declare(strict_types=1);

namespace Preheat\Process;

/**
 * The processes of this machine as /proc shows them: who descends from whom and who is in which session.
 * What stops a server's every process by PID, also those it forked after it started and those whose
 * parent died (reparented, they are no longer anyone's descendants but stay in the server's session).
 * The root is a parameter, so tests read a directory laid out like /proc.
 */
final class ProcessTree
{
    public function __construct(private readonly string $proc = '/proc')
    {
    }

    /**
     * Every live process that descends from $pid (children, grandchildren…), not $pid itself.
     *
     * @return list<int>
     */
    public function descendants(int $pid): array
    {
        return $this->descendantsOf([$pid]);
    }

    /**
     * Every live process that descends from any of $pids, not those themselves.
     *
     * @param list<int> $pids
     *
     * @return list<int>
     */
    public function descendantsOf(array $pids): array
    {
        $children = [];
        foreach ($this->all() as $child => $stat) {
            $children[$stat['ppid']][] = $child;
        }
        $found = [];
        $queue = $pids;
        $roots = array_fill_keys($pids, true);
        while ([] !== $queue) {
            $parent = array_shift($queue);
            foreach ($children[$parent] ?? [] as $child) {
                if (!isset($found[$child]) && !isset($roots[$child])) {
                    $found[$child] = true;
                    $queue[] = $child;
                }
            }
        }

        return array_keys($found);
    }

    /**
     * Every live process of session $sid (its leader included while it lives).
     *
     * @return list<int>
     */
    public function session(int $sid): array
    {
        $members = [];
        foreach ($this->all() as $pid => $stat) {
            if ($stat['sid'] === $sid) {
                $members[] = $pid;
            }
        }

        return $members;
    }

    /** The session $pid leads or belongs to; null once it has ended. */
    public function sessionOf(int $pid): ?int
    {
        return $this->stat($pid)['sid'] ?? null;
    }

    /**
     * When $pid started, in clock ticks since boot: with the PID, tells a process from a later one given the same PID.
     */
    public function startTime(int $pid): ?int
    {
        return $this->stat($pid)['start'] ?? null;
    }

    /** Whether $pid runs (a zombie, ended and waiting to be reaped, does not). */
    public function isAlive(int $pid): bool
    {
        return null !== $this->stat($pid);
    }

    /** @return array<int, array{ppid: int, sid: int, start: int}> every live process by PID */
    private function all(): array
    {
        $all = [];
        foreach (@scandir($this->proc) ?: [] as $entry) {
            if (ctype_digit($entry)) {
                $stat = $this->stat((int) $entry);
                if (null !== $stat) {
                    $all[(int) $entry] = $stat;
                }
            }
        }

        return $all;
    }

    /** @return array{ppid: int, sid: int, start: int}|null null for a process gone or a zombie */
    private function stat(int $pid): ?array
    {
        $stat = @file_get_contents($this->proc.'/'.$pid.'/stat');
        $fields = false === $stat ? null : ProcStat::fields($stat);
        if (null === $fields) {
            return null;
        }
        // From field 3: state, ppid, pgrp, session, tty, tpgid, flags, minflt, cminflt, majflt, cmajflt,
        // utime, stime, cutime, cstime, priority, nice, threads, itrealvalue, starttime.
        if (\count($fields) < 20 || 'Z' === $fields[0] || 'X' === $fields[0]) {
            return null;
        }

        return ['ppid' => (int) $fields[1], 'sid' => (int) $fields[3], 'start' => (int) $fields[19]];
    }
}
