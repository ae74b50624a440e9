<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use Preheat\Process\InterruptGuard;
use Preheat\Util\Cpu;
use Preheat\Util\PharClasses;

/**
 * Parses many files on every core: the parent forks one worker per core, each parses a share and
 * hands back its inventories through a temporary file, and reports progress on a socket.
 * Without pcntl (or for few files) it parses in-process. Each file comes back analysed at its own path, and a
 * file that names `__DIR__` or `__FILE__` at its PathTemplate too (ParsedFile): the workers put the paths in,
 * so the parent, alone while they run and after, only reads what they wrote.
 */
final class ParallelAnalysis
{
    /**
     * Below this many files and bytes together, forking costs more than it saves (a fork, a result file and a
     * read back: a few milliseconds; parsing: about half a second a megabyte). A new release re-parses only the
     * few files its path shows in, which can be the largest of the tree.
     */
    private const MIN_FILES_TO_FORK = 300;

    private const MIN_BYTES_TO_FORK = 256 * 1024;

    private const PROGRESS_EVERY = 25;

    public function __construct(
        private readonly FileAnalyzer $analyzer,
        private readonly int $workers,
    ) {
    }

    public static function workersForThisMachine(): int
    {
        return min(8, Cpu::cores());
    }

    /**
     * @param list<string>                     $paths
     * @param (callable(int $done): void)|null $progress
     *
     * @return array<string, ParsedFile> keyed by path
     */
    public function analyze(array $paths, ?callable $progress = null): array
    {
        if ($this->workers < 2 || !\function_exists('pcntl_fork') || !$this->worthForking($paths)) {
            return $this->inProcess($paths, $progress);
        }

        // Run from preheat.phar, children that autoload from it at once would read each other's bytes.
        PharClasses::declareBeforeFork(['PhpParser\\', 'Preheat\\Inventory\\', 'Preheat\\Php\\', 'Preheat\\Util\\']);
        $chunks = $this->balancedChunks($paths);
        $children = [];
        foreach ($chunks as $index => $chunk) {
            $resultFile = InterruptGuard::instance()->temporaryFile(sys_get_temp_dir(), 'preheat-scan-');
            $sockets = stream_socket_pair(\STREAM_PF_UNIX, \STREAM_SOCK_STREAM, \STREAM_IPPROTO_IP);
            if (false === $resultFile || false === $sockets) {
                return $this->inProcess($paths, $progress);
            }
            $pid = pcntl_fork();
            if (-1 === $pid) {
                fclose($sockets[0]);
                fclose($sockets[1]);
                @unlink($resultFile);
                InterruptGuard::instance()->forgetPath($resultFile);

                return $this->inProcess($paths, $progress);
            }
            if (0 === $pid) {
                fclose($sockets[0]);
                $this->runWorker($chunk, $resultFile, $sockets[1]);
            }
            fclose($sockets[1]);
            stream_set_blocking($sockets[0], false);
            $children[$index] = ['pid' => $pid, 'file' => $resultFile, 'socket' => $sockets[0], 'chunk' => $chunk];
        }

        // Interrupted, the run stops the forked scanners too: a SIGTERM to this process alone does not reach them.
        $pids = array_column($children, 'pid');
        $stopChildren = InterruptGuard::instance()->stopOnExit(static function () use ($pids): void {
            foreach ($pids as $pid) {
                @posix_kill($pid, \SIGKILL);
                pcntl_waitpid($pid, $status);
            }
        });

        $done = 0;
        $open = array_map(static fn (array $c) => $c['socket'], $children);
        while ([] !== $open) {
            $read = $open;
            $write = $except = null;
            if (false === @stream_select($read, $write, $except, 1)) {
                break;
            }
            foreach ($read as $socket) {
                $data = fread($socket, 8192);
                if (false === $data || ('' === $data && feof($socket))) {
                    $key = array_search($socket, $open, true);
                    unset($open[$key]);
                    fclose($socket);
                    continue;
                }
                $done += \strlen($data) * self::PROGRESS_EVERY;
                if (null !== $progress) {
                    $progress(min($done, \count($paths)));
                }
            }
        }

        // Each has written its result and is ending: nothing is left to stop.
        InterruptGuard::instance()->forget($stopChildren);
        $results = [];
        foreach ($children as $child) {
            pcntl_waitpid($child['pid'], $status);
            $data = @unserialize((string) @file_get_contents($child['file']), ['allowed_classes' => false]);
            @unlink($child['file']);
            InterruptGuard::instance()->forgetPath($child['file']);
            if (!\is_array($data) || \count($data) !== \count($child['chunk'])) {
                // A worker that died (out of memory, a crash in the parser) costs time, not correctness.
                $results += $this->inProcess($child['chunk'], null);
                continue;
            }
            foreach ($data as $arrays) {
                $parsed = ParsedFile::fromArrays($arrays);
                $results[$parsed->inventory->path] = $parsed;
            }
        }

        return $results;
    }

    /** @param list<string> $paths */
    private function worthForking(array $paths): bool
    {
        if (\count($paths) >= self::MIN_FILES_TO_FORK) {
            return true;
        }
        if (\count($paths) < 2) {
            return false;
        }
        $bytes = 0;
        foreach ($paths as $path) {
            $bytes += (int) @filesize($path);
        }

        return $bytes >= self::MIN_BYTES_TO_FORK;
    }

    /**
     * Shares of about equal bytes (largest files first, each to the lightest share): parsing time
     * follows size, and a share of big files would otherwise keep one core busy while the others wait.
     *
     * @param list<string> $paths
     *
     * @return list<list<string>>
     */
    private function balancedChunks(array $paths): array
    {
        $sizes = [];
        foreach ($paths as $path) {
            $sizes[$path] = (int) @filesize($path);
        }
        arsort($sizes);
        $chunks = array_fill(0, $this->workers, []);
        $loads = array_fill(0, $this->workers, 0);
        foreach ($sizes as $path => $size) {
            $lightest = 0;
            foreach ($loads as $worker => $load) {
                if ($load < $loads[$lightest]) {
                    $lightest = $worker;
                }
            }
            $chunks[$lightest][] = (string) $path;
            $loads[$lightest] += $size + 512;
        }

        return array_values(array_filter($chunks, static fn (array $chunk): bool => [] !== $chunk));
    }

    /**
     * @param list<string> $paths
     * @param resource     $progress
     */
    private function runWorker(array $paths, string $resultFile, $progress): never
    {
        $entries = [];
        foreach ($paths as $index => $path) {
            $entries[] = $this->analyzer->analyzeForReuse($path)->toArrays();
            if (0 === ($index + 1) % self::PROGRESS_EVERY) {
                @fwrite($progress, '.');
            }
        }
        file_put_contents($resultFile, serialize($entries));
        fclose($progress);
        // Leave without running the parent's shutdown handlers and destructors a second time.
        if (\function_exists('posix_kill')) {
            posix_kill((int) getmypid(), \SIGKILL);
        }
        exit(0);
    }

    /**
     * @param list<string>                     $paths
     * @param (callable(int $done): void)|null $progress
     *
     * @return array<string, ParsedFile>
     */
    private function inProcess(array $paths, ?callable $progress): array
    {
        $results = [];
        foreach ($paths as $index => $path) {
            $results[$path] = $this->analyzer->analyzeForReuse($path);
            if (null !== $progress && 0 === ($index + 1) % 250) {
                $progress($index + 1);
            }
        }

        return $results;
    }
}
