<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

/** A directory laid out like /proc (and /sys) with the files the CPU readers look at, written as a test needs them. */
final class FakeProcDirectory
{
    private readonly TemporaryDirectory $directory;

    public readonly string $path;

    public function __construct()
    {
        $this->directory = new TemporaryDirectory('preheat-proc-');
        $this->path = $this->directory->path;
    }

    /**
     * A process: its stat line (times in clock ticks) and, unless $listsChildren is false (a kernel
     * without CONFIG_PROC_CHILDREN), its task/PID/children file.
     *
     * @param list<int> $children
     */
    public function process(int $pid, int $ppid, string $comm, int $utime, int $stime, int $cutime = 0, int $cstime = 0, array $children = [], bool $listsChildren = true): void
    {
        // Fields after "pid (comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime priority ...
        $this->write("$pid/stat", \sprintf('%d (%s) S %d %d %d 0 -1 4194560 100 0 0 0 %d %d %d %d 20 0 1 0 1000 1000000 100 18446744073709551615', $pid, $comm, $ppid, $pid, $pid, $utime, $stime, $cutime, $cstime)."\n");
        if ($listsChildren) {
            $this->write("$pid/task/$pid/children", implode(' ', $children).([] === $children ? '' : ' '));
        }
    }

    /** A thread's time on a CPU in nanoseconds, as /proc/PID/task/TID/schedstat gives it (then wait time, timeslices). */
    public function schedstat(int $pid, int $tid, int $nanoseconds): void
    {
        $this->write("$pid/task/$tid/schedstat", \sprintf("%d 123456 42\n", $nanoseconds));
    }

    public function write(string $relative, string $contents): void
    {
        $file = $this->path.'/'.$relative;
        if (!is_dir(\dirname($file))) {
            mkdir(\dirname($file), 0777, true);
        }
        file_put_contents($file, $contents);
    }

    public function remove(): void
    {
        $this->directory->remove();
    }
}
