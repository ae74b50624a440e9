<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Util\Cpu;

/**
 * What this machine can hold, for the counts a user gives a benchmark: its cores, the memory it has
 * available now (MemAvailable: free memory plus what the kernel can reclaim at once) and the open files
 * and processes one user may have. Read from /proc and the process's limits; the root and the limits
 * are parameters, so tests describe a machine of their own.
 */
final class MachineCapacity
{
    /**
     * Memory one PHP worker is taken to need when nothing better is known: a framework's worker holds
     * some 20 to 60 MB of its own (PSS) under load, so this errs on the safe side.
     */
    public const WORKER_BYTES = 64 * 1024 * 1024;

    /** Shared memory a server's OPcache takes when no size is given: PHP's default opcache.memory_consumption. */
    public const OPCACHE_BYTES = 128 * 1024 * 1024;

    /**
     * @param int|null $openFiles    the soft limit of open files (null: this process's, from posix_getrlimit())
     * @param int|null $maxProcesses the soft limit of processes of this user (null: this process's)
     */
    public function __construct(
        private readonly string $proc = '/proc',
        private readonly ?int $openFiles = null,
        private readonly ?int $maxProcesses = null,
    ) {
    }

    public function cores(): int
    {
        return Cpu::cores($this->proc);
    }

    /** Bytes of memory available now; null where /proc/meminfo does not say (not Linux). */
    public function availableMemory(): ?int
    {
        $meminfo = (string) @file_get_contents($this->proc.'/meminfo');

        return preg_match('/^MemAvailable:\s+(\d+) kB/m', $meminfo, $match) ? (int) $match[1] * 1024 : null;
    }

    /** Files one process may have open at once (each connection is one); null when unlimited or unknown. */
    public function openFiles(): ?int
    {
        return $this->openFiles ?? self::limit('soft openfiles');
    }

    /** Processes this user may run at once; null when unlimited or unknown. */
    public function maxProcesses(): ?int
    {
        return $this->maxProcesses ?? self::limit('soft maxproc');
    }

    private static function limit(string $name): ?int
    {
        $limits = \function_exists('posix_getrlimit') ? posix_getrlimit() : false;
        $value = false === $limits ? null : ($limits[$name] ?? null);

        return is_numeric($value) ? (int) $value : null;
    }
}
