<?php

declare(strict_types=1);

namespace Preheat\Process;

/**
 * Every process of the machine as one reading of /proc showed them (ProcessTree::snapshot()): all the
 * questions one look at a process tree asks (who is in a session, who descends from whom, when each
 * started) are answered from the same reading, so that a look costs one pass over /proc, not one per
 * question.
 *
 * Zombies (ended, not yet reaped) are kept, but only to link their children: a zombie runs nothing and
 * cannot be signalled, so it is never among the processes returned, yet its children still name it as
 * their parent until it is reaped, and its PID cannot be given to another process before that.
 */
final readonly class ProcessSnapshot
{
    /**
     * @param array<int, array{ppid: int, sid: int, start: int, zombie: bool}> $processes by PID
     */
    public function __construct(private array $processes)
    {
    }

    /** When $pid started (clock ticks since boot) if it runs; null for a zombie or a process that is gone. */
    public function startTime(int $pid): ?int
    {
        $process = $this->processes[$pid] ?? null;

        return null === $process || $process['zombie'] ? null : $process['start'];
    }

    /** When $pid started, also while it is a zombie: who holds the PID, even after it ended. */
    public function startTimeOfAny(int $pid): ?int
    {
        return $this->processes[$pid]['start'] ?? null;
    }

    /**
     * Every live process of session $sid (its leader included while it lives).
     *
     * @return list<int>
     */
    public function session(int $sid): array
    {
        $members = [];
        foreach ($this->processes as $pid => $process) {
            if ($process['sid'] === $sid && !$process['zombie']) {
                $members[] = $pid;
            }
        }

        return $members;
    }

    /**
     * Every live process that descends from any of $pids, not those themselves; also through a zombie
     * between them, whose children are not reparented until it is reaped.
     *
     * @param list<int> $pids
     *
     * @return list<int>
     */
    public function descendantsOf(array $pids): array
    {
        $children = [];
        foreach ($this->processes as $child => $process) {
            $children[$process['ppid']][] = $child;
        }
        $reached = [];
        $queue = $pids;
        $roots = array_fill_keys($pids, true);
        while ([] !== $queue) {
            $parent = array_pop($queue);
            foreach ($children[$parent] ?? [] as $child) {
                if (!isset($reached[$child]) && !isset($roots[$child])) {
                    $reached[$child] = true;
                    $queue[] = $child;
                }
            }
        }
        $found = [];
        foreach (array_keys($reached) as $pid) {
            if (!$this->processes[$pid]['zombie']) {
                $found[] = $pid;
            }
        }

        return $found;
    }
}
