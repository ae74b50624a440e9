<?php

declare(strict_types=1);

namespace Preheat\Process;

/**
 * Stops a process and every process it started, by PID, and checks that none is left: SIGTERM to each,
 * SIGKILL to what is left after the grace, until /proc shows none of them.
 *
 * Which processes are "its": the process, and, when it leads a session of its own (every background
 * program is started in one, see SymfonyProcessRunner), every member of that session, which also finds
 * workers whose parent died (reparented to init, they descend from no one of ours any more); then the
 * descendants of all of these, also one that left the session (setsid).
 * Each is remembered with its start time from the first time it is seen, so a process that leaves the
 * session once seen is still stopped, and a PID the system gave to someone else meanwhile is not.
 * Not covered: a process that both leaves the session and loses its parent between two looks (20 ms apart).
 *
 * Each look reads /proc once (ProcessTree::snapshot()) and asks it every question. When the first look finds
 * nothing of ours alive (the process reaped or a zombie, its session empty, no descendant), nothing is left
 * that could fork, so there is nothing to signal and no second look: a program that ended and left nothing
 * behind, as most do, costs one pass over /proc.
 */
final class TreeStop
{
    /**
     * The start time of a process known to have ended and been reaped: a process with its PID now is another one,
     * and its session, if it still has members, is ours (the kernel gives no PID still naming a session).
     */
    public const REAPED = -1;

    /** How long SIGKILL may take to leave no process: the kernel needs no more than a moment. */
    private const KILL_SECONDS = 5.0;

    private const POLL_MICROSECONDS = 20_000;

    /** @var array<int, int> PID => start time */
    private array $seen = [];

    /**
     * @param int|null $startTime when $pid started (ProcessTree::startTime()), if known: once it is reaped its PID
     *                            may be someone else's; self::REAPED when it is known to be reaped already
     */
    public function __construct(
        private readonly int $pid,
        private readonly bool $ownSession,
        private readonly ?int $startTime = null,
        private readonly ProcessTree $tree = new ProcessTree(),
    ) {
    }

    /**
     * @param \Closure(): void|null $reap called while waiting: lets the parent reap its child (a zombie holds no
     *                                    resource but its PID)
     *
     * @return list<int> the PIDs still alive in the end (empty unless the system refused to stop them)
     */
    public function stop(float $graceSeconds, ?\Closure $reap = null): array
    {
        if (!\function_exists('posix_kill')) {
            return [];
        }
        $this->look();
        if ([] === $this->seen) {
            // Nothing of ours ran at that look, and only a running process forks: the end is verified.
            null === $reap ? null : $reap();

            return [];
        }
        $this->signal(\defined('SIGTERM') ? \SIGTERM : 15);
        $deadline = hrtime(true) + (int) ($graceSeconds * 1e9);
        while ([] !== $this->alive() && hrtime(true) < $deadline) {
            usleep(self::POLL_MICROSECONDS);
            null === $reap ? null : $reap();
            // Forked since: they get the same request to end.
            if ($this->look()) {
                $this->signal(\defined('SIGTERM') ? \SIGTERM : 15);
            }
        }
        $deadline = hrtime(true) + (int) (self::KILL_SECONDS * 1e9);
        while (true) {
            $this->look();
            if ([] === $this->alive() || hrtime(true) >= $deadline) {
                break;
            }
            $this->signal(\defined('SIGKILL') ? \SIGKILL : 9);
            usleep(self::POLL_MICROSECONDS);
            null === $reap ? null : $reap();
        }
        null === $reap ? null : $reap();

        return $this->alive();
    }

    /** Remembers the processes that are ours now, from one reading of /proc; true when any was not seen before. */
    private function look(): bool
    {
        $now = $this->tree->snapshot();
        // The PID is ours while it runs, or is a zombie not reaped yet (its children still name it as parent),
        // unless it is known to have started at another time than ours: then it was given to someone else.
        $leaderStart = $now->startTimeOfAny($this->pid);
        $leaderOurs = null !== $leaderStart && (null === $this->startTime || $leaderStart === $this->startTime);
        $found = [...($leaderOurs ? [$this->pid] : []), ...$this->alive($now)];
        // Our session has members only while the PID that names it is not someone else's: the kernel does not
        // give a PID still used as a session's ID to a new process.
        if ($this->ownSession && (null === $leaderStart || $leaderOurs)) {
            $found = [...$found, ...$now->session($this->pid)];
        }
        // Also the children of an orphaned worker: they left the tree with it.
        $found = [...$found, ...$now->descendantsOf(array_values(array_unique($found)))];
        $new = false;
        foreach ($found as $pid) {
            if (!isset($this->seen[$pid]) && null !== ($start = $now->startTime($pid))) {
                $this->seen[$pid] = $start;
                $new = true;
            }
        }

        return $new;
    }

    private function signal(int $signal): void
    {
        if ($this->ownSession && $this->tree->sessionOf($this->pid) === $this->pid && $this->leaderIsOurs()) {
            // The whole group at once, so that a master cannot fork a worker between two kill()s.
            @posix_kill(-$this->pid, $signal);
        }
        foreach ($this->alive() as $pid) {
            @posix_kill($pid, $signal);
        }
    }

    /** Whether the PID still names the process we started, not a later one given the same PID. */
    private function leaderIsOurs(): bool
    {
        return null === $this->startTime || $this->tree->startTime($this->pid) === $this->startTime;
    }

    /**
     * @param ProcessSnapshot|null $now the look's reading of /proc; null to read each PID's stat now
     *
     * @return list<int>
     */
    private function alive(?ProcessSnapshot $now = null): array
    {
        $alive = [];
        foreach ($this->seen as $pid => $start) {
            if ((null === $now ? $this->tree->startTime($pid) : $now->startTime($pid)) === $start) {
                $alive[] = $pid;
            }
        }

        return $alive;
    }
}
