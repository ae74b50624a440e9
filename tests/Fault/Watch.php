<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault;

use Preheat\Process\ProcStat;
use Symfony\Component\Process\Process;

/**
 * The Preheat processes of a case while they run, and every process they start.
 *
 * Each scan of /proc adds every process whose parent, process group or session is one already seen
 * (so php-fpm's workers count even when forked after their master left Preheat's tree for its own
 * session), those named by a pid file in the case's temp dir, and those whose command line names the
 * sandbox. A process once seen stays on the list with its start time, so after the run "is it still
 * alive" is asked of exactly that process, never of a later one given the same PID.
 */
final class Watch
{
    /** @var array<int, string> PID => start time (field 22 of /proc/PID/stat) */
    private array $seen = [];
    /** @var array<int, string> PID => command line, as first seen */
    private array $commands = [];
    /** @var list<string> */
    private array $problems = [];
    private float $started;
    /** @var int this process's start time (clock ticks since boot): only processes started since are read for their command line */
    private int $since;

    /** @param list<Process> $processes */
    public function __construct(public readonly Sandbox $sandbox, private readonly array $processes)
    {
        $this->started = microtime(true);
        $this->since = (int) (ProcStat::fields((string) file_get_contents('/proc/self/stat'))[19] ?? 0);
    }

    /** The first Preheat process. */
    public function pid(): int
    {
        return (int) $this->processes[0]->getPid();
    }

    public function output(): string
    {
        $all = '';
        foreach ($this->processes as $process) {
            $all .= $process->getOutput().$process->getErrorOutput();
        }

        return $all;
    }

    public function seconds(): float
    {
        return microtime(true) - $this->started;
    }

    public function signal(int $signal): void
    {
        posix_kill($this->pid(), $signal);
    }

    public function problem(string $problem): void
    {
        $this->problems[] = $problem;
    }

    /** @return list<string> */
    public function problems(): array
    {
        return $this->problems;
    }

    /** The PID in the first file named $name under the case's temp dir (a server's pid file), if any. */
    public function pidFromFile(string $name): ?int
    {
        foreach (self::files($this->sandbox->tmp, 4) as $file) {
            if (basename($file) === $name) {
                $pid = (int) trim((string) @file_get_contents($file));
                if ($pid > 1) {
                    return $pid;
                }
            }
        }

        return null;
    }

    public function scan(): void
    {
        $table = self::processTable($this->since);
        foreach ($this->processes as $process) {
            $pid = $process->getPid();
            if (null !== $pid && isset($table[$pid])) {
                $this->see($pid, $table[$pid]);
            }
        }
        foreach (self::files($this->sandbox->tmp, 4) as $file) {
            if (str_ends_with($file, '.pid')) {
                $pid = (int) trim((string) @file_get_contents($file));
                if (isset($table[$pid])) {
                    $this->see($pid, $table[$pid]);
                }
            }
        }
        $helpers = array_flip($this->sandbox->helperPids());
        do {
            $added = false;
            foreach ($table as $pid => $process) {
                if (isset($this->seen[$pid]) || isset($helpers[$pid]) || isset($helpers[$process['ppid']])) {
                    continue;
                }
                $ours = isset($this->seen[$process['ppid']]) || isset($this->seen[$process['pgid']]) || isset($this->seen[$process['sid']])
                    || str_contains($process['command'], $this->sandbox->root.'/');
                if ($ours) {
                    $this->see($pid, $process);
                    $added = true;
                }
            }
        } while ($added);
    }

    /**
     * The processes seen that are still alive (not counting zombies, which are gone but for their parent's wait).
     *
     * @return array<int, string> PID => command line
     */
    public function alive(): array
    {
        $table = self::processTable($this->since);
        $alive = [];
        $own = array_flip($this->sandbox->helperPids());
        foreach ($this->seen as $pid => $start) {
            if (!isset($own[$pid]) && isset($table[$pid]) && $table[$pid]['start'] === $start && 'Z' !== $table[$pid]['state']) {
                $alive[$pid] = $this->commands[$pid];
            }
        }

        return $alive;
    }

    public function seenCount(): int
    {
        return \count($this->seen);
    }

    /** @param array{ppid: int, pgid: int, sid: int, start: string, state: string, command: string} $process */
    private function see(int $pid, array $process): void
    {
        $this->seen[$pid] = $process['start'];
        $this->commands[$pid] = $process['command'];
    }

    /**
     * Every process; the command line only of those started since $since (a process of another user
     * that hangs reading its command line must not hang the suite, and an older one is not the case's).
     *
     * @return array<int, array{ppid: int, pgid: int, sid: int, start: string, state: string, command: string}>
     */
    private static function processTable(int $since): array
    {
        $table = [];
        foreach (glob('/proc/[0-9]*/stat') ?: [] as $file) {
            $stat = @file_get_contents($file);
            $fields = false === $stat ? null : ProcStat::fields($stat);
            if (null === $fields) {
                continue;
            }
            $pid = (int) $stat;
            $table[$pid] = [
                'ppid' => (int) $fields[1],
                'pgid' => (int) $fields[2],
                'sid' => (int) $fields[3],
                'start' => $fields[19] ?? '',
                'state' => $fields[0],
                'command' => (int) ($fields[19] ?? 0) >= $since ? trim(str_replace("\0", ' ', (string) @file_get_contents(\dirname($file).'/cmdline'))) : '',
            ];
        }

        return $table;
    }

    /** @return list<string> files under $directory, at most $depth levels down */
    public static function files(string $directory, int $depth): array
    {
        $found = [];
        foreach (@scandir($directory) ?: [] as $entry) {
            if ('.' === $entry || '..' === $entry) {
                continue;
            }
            $path = $directory.'/'.$entry;
            $found[] = $path;
            if ($depth > 1 && is_dir($path) && !is_link($path)) {
                array_push($found, ...self::files($path, $depth - 1));
            }
        }

        return $found;
    }
}
