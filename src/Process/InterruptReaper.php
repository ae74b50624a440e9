<?php

declare(strict_types=1);

namespace Preheat\Process;

/**
 * What undoes a run's temporary files and programs when PHP cannot catch a signal (the pcntl functions
 * missing or in disable_functions): SIGINT then ends PHP at once, and no code of the run runs. A small PHP
 * process, started with the interrupts ignored (a shell's `trap ""` is kept across exec), is told each path
 * and program as it is registered and forgotten, through its stdin; when that pipe closes without the run
 * saying it cleaned up (the run was killed), it removes the paths and stops the programs still registered
 * (SIGTERM, to the group of one that leads its own), not what they started in their own group.
 */
final class InterruptReaper
{
    /**
     * Reads `+PATH`, `-PATH`, `pPID START`, `qPID`, and `.` (the run undid everything itself), each path
     * base64-encoded (a path may hold a line break). A program is stopped only if its start time is still the
     * one registered (its PID may have been given to another since).
     */
    private const CODE = <<<'PHP'
        $paths = []; $pids = []; $done = false;
        while (false !== ($line = fgets(STDIN))) {
            $value = substr(rtrim($line, "\n"), 1);
            switch ($line[0]) {
                case '+': $paths[$value] = true; break;
                case '-': unset($paths[$value]); break;
                case 'p': $pids[(int) $value] = (int) (explode(' ', $value)[1] ?? -1); break;
                case 'q': unset($pids[(int) $value]); break;
                case '.': $done = true; break;
            }
        }
        if ($done) {
            exit(0);
        }
        foreach ($pids as $pid => $start) {
            $stat = (string) @file_get_contents('/proc/'.$pid.'/stat');
            $fields = explode(' ', trim(substr($stat, (int) strrpos($stat, ')') + 2)));
            if ($pid > 1 && (int) ($fields[19] ?? -1) === $start) {
                // A program started in a group of its own (setsid: a server, a boot) is stopped with its group.
                $target = (int) ($fields[2] ?? 0) === $pid ? '-'.$pid : (string) $pid;
                @proc_close(@proc_open(['kill', '-TERM', '--', $target], [], $unused));
            }
        }
        foreach (array_reverse(array_keys($paths)) as $encoded) {
            $path = (string) base64_decode((string) $encoded, true);
            if ('' === $path || (!is_link($path) && !file_exists($path))) {
                continue;
            }
            if (is_link($path) || !is_dir($path)) {
                @unlink($path);
                continue;
            }
            $entries = new RecursiveIteratorIterator(
                new RecursiveDirectoryIterator($path, FilesystemIterator::SKIP_DOTS),
                RecursiveIteratorIterator::CHILD_FIRST,
            );
            foreach ($entries as $entry) {
                $entry->isDir() && !$entry->isLink() ? @rmdir($entry->getPathname()) : @unlink($entry->getPathname());
            }
            @rmdir($path);
        }
        PHP;

    /**
     * @param resource $process
     * @param resource $pipe    its stdin
     */
    private function __construct(private $process, private $pipe)
    {
    }

    /** Started when the run cannot catch signals itself; null when it cannot be started either. */
    public static function start(): ?self
    {
        if (!\function_exists('proc_open')) {
            return null;
        }
        $process = @proc_open(
            ['/bin/sh', '-c', 'trap "" INT TERM HUP; exec "$0" -n -r "$1"', \PHP_BINARY, self::CODE],
            [0 => ['pipe', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']],
            $pipes,
        );

        return false === $process ? null : new self($process, $pipes[0]);
    }

    public function addPath(string $path): void
    {
        $this->tell('+'.base64_encode($path));
    }

    public function forgetPath(string $path): void
    {
        $this->tell('-'.base64_encode($path));
    }

    public function addProgram(int $pid, int $startTime): void
    {
        $this->tell(\sprintf('p%d %d', $pid, $startTime));
    }

    public function forgetProgram(int $pid): void
    {
        $this->tell('q'.$pid);
    }

    /** The run undid everything itself: the reaper ends without touching anything. */
    public function finish(): void
    {
        $this->tell('.');
        @fclose($this->pipe);
        @proc_close($this->process);
    }

    private function tell(string $line): void
    {
        @fwrite($this->pipe, $line."\n");
    }
}
