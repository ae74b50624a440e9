<?php

declare(strict_types=1);

namespace Preheat\Process;

/**
 * The processes of this machine as /proc shows them: who descends from whom and who is in which session.
 * What stops a server's every process by PID, also those it forked after it started and those whose
 * parent died (reparented, they are no longer anyone's descendants but stay in the server's session).
 * The root is a parameter, so tests read a directory laid out like /proc.
 *
 * A question about all processes (session(), descendants()) reads every /proc/PID/stat, which costs
 * about a millisecond per hundred processes; a caller with several such questions about one moment asks
 * them of one snapshot(). A question about one PID reads that PID's stat only.
 */
final class ProcessTree
{
    private int $scans = 0;

    public function __construct(private readonly string $proc = '/proc')
    {
    }

    /** Every process now, from one pass over /proc. */
    public function snapshot(): ProcessSnapshot
    {
        ++$this->scans;
        $all = [];
        foreach (@scandir($this->proc) ?: [] as $entry) {
            if (ctype_digit($entry)) {
                $stat = $this->stat((int) $entry);
                if (null !== $stat) {
                    $all[(int) $entry] = $stat;
                }
            }
        }

        return new ProcessSnapshot($all);
    }

    /** How many times this tree has read the whole of /proc: what a process end costs, for its test and bench. */
    public function scans(): int
    {
        return $this->scans;
    }

    /**
     * Every live process that descends from $pid (children, grandchildren…), not $pid itself.
     *
     * @return list<int>
     */
    public function descendants(int $pid): array
    {
        return $this->snapshot()->descendantsOf([$pid]);
    }

    /**
     * Every live process of session $sid (its leader included while it lives).
     *
     * @return list<int>
     */
    public function session(int $sid): array
    {
        return $this->snapshot()->session($sid);
    }

    /** The session $pid leads or belongs to; null once it has ended. */
    public function sessionOf(int $pid): ?int
    {
        $stat = $this->stat($pid);

        return null === $stat || $stat['zombie'] ? null : $stat['sid'];
    }

    /**
     * When $pid started, in clock ticks since boot: with the PID, tells a process from a later one given the same PID.
     * Null once it has ended (also while it is a zombie).
     */
    public function startTime(int $pid): ?int
    {
        $stat = $this->stat($pid);

        return null === $stat || $stat['zombie'] ? null : $stat['start'];
    }

    /**
     * When $pid started, also when it has ended and is not reaped yet: a program that ended at once is still
     * known by its PID and start time, and its PID is not given to another process until it is reaped.
     */
    public function startTimeOfAny(int $pid): ?int
    {
        return $this->stat($pid)['start'] ?? null;
    }

    /** Whether $pid runs (a zombie, ended and waiting to be reaped, does not). */
    public function isAlive(int $pid): bool
    {
        return null !== $this->startTime($pid);
    }

    /** @return array{ppid: int, sid: int, start: int, zombie: bool}|null null for a process gone */
    private function stat(int $pid): ?array
    {
        $stat = @file_get_contents($this->proc.'/'.$pid.'/stat');
        $fields = false === $stat ? null : ProcStat::fields($stat);
        // From field 3: state, ppid, pgrp, session, tty, tpgid, flags, minflt, cminflt, majflt, cmajflt,
        // utime, stime, cutime, cstime, priority, nice, threads, itrealvalue, starttime.
        if (null === $fields || \count($fields) < 20) {
            return null;
        }

        return [
            'ppid' => (int) $fields[1],
            'sid' => (int) $fields[3],
            'start' => (int) $fields[19],
            'zombie' => 'Z' === $fields[0] || 'X' === $fields[0],
        ];
    }
}
