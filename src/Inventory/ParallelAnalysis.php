<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use Preheat\Process\InterruptGuard;
use Preheat\Util\Cpu;
use Preheat\Util\PharClasses;

/**
 * Parses many files on every core: one worker per core, each parses a share and hands back its inventories
 * through a temporary file, and reports progress on a stream. For a large parse the workers are PHP processes of
 * their own under OPcache's tracing JIT (JitWorkerCommand: about a third faster, once the parse is large enough to
 * pay for their start); otherwise the parent forks them; without pcntl (or for few files) it parses in-process.
 * Each file comes back analysed at its own path, and a file that names `__DIR__` or `__FILE__` at its PathTemplate
 * too (ParsedFile): the workers put the paths in, so the parent, alone while they run and after, only reads what
 * they wrote.
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

    /**
     * From this many files, workers under the JIT: each costs about a tenth of a second to start (PHP, the
     * parser compiled, the JIT warming up) and saves a third of the parse.
     */
    private const MIN_FILES_FOR_JIT = 1000;

    private const PROGRESS_EVERY = ParseWorker::PROGRESS_EVERY;

    /**
     * @param JitWorkerCommand|false|null $jit how to start workers under the JIT; null: as PHP allows (looked up
     *                                         only for a parse large enough), false: never
     */
    public function __construct(
        private readonly FileAnalyzer $analyzer,
        private readonly int $workers,
        private readonly JitWorkerCommand|false|null $jit = null,
    ) {
    }

    public static function workersForThisMachine(): int
    {
        return min(8, Cpu::cores());
    }

    /**
     * @param list<string>                     $paths
     * @param (callable(int $done): void)|null $progress
     */
    public function analyze(array $paths, ?callable $progress = null): ParsedFiles
    {
        $jit = $this->workers >= 2 && \count($paths) >= self::MIN_FILES_FOR_JIT && false !== $this->jit
            ? $this->jit ?? JitWorkerCommand::forThisProcess()
            : null;
        $parsed = null === $jit ? null : $this->inJitWorkers($jit, $paths, $progress);
        if (null !== $parsed) {
            return $parsed;
        }
        if ($this->workers < 2 || !\function_exists('pcntl_fork') || !$this->worthForking($paths)) {
            return new ParsedFiles($this->inProcess($paths, $progress));
        }

        return new ParsedFiles($this->inForkedWorkers($paths, $progress));
    }

    /**
     * @param list<string>                     $paths
     * @param (callable(int $done): void)|null $progress
     *
     * @return array<string, ParsedFile>
     */
    private function inForkedWorkers(array $paths, ?callable $progress): array
    {
        // Run from preheat.phar, children that autoload from it at once would read each other's bytes.
        PharClasses::declareBeforeFork(['PhpParser\\', 'Preheat\\Inventory\\', 'Preheat\\Php\\', 'Preheat\\Util\\']);
        $children = [];
        $stopChildren = $this->stopOnExit($children);
        foreach ($this->balancedChunks($paths) as $chunk) {
            $resultFile = InterruptGuard::instance()->temporaryFile(sys_get_temp_dir(), 'preheat-scan-');
            $sockets = stream_socket_pair(\STREAM_PF_UNIX, \STREAM_SOCK_STREAM, \STREAM_IPPROTO_IP);
            if (false === $resultFile || false === $sockets) {
                $this->stop($children, $stopChildren);

                return $this->inProcess($paths, $progress);
            }
            $pid = pcntl_fork();
            if (-1 === $pid) {
                fclose($sockets[0]);
                fclose($sockets[1]);
                $this->forgetFile($resultFile);
                $this->stop($children, $stopChildren);

                return $this->inProcess($paths, $progress);
            }
            if (0 === $pid) {
                fclose($sockets[0]);
                $this->runWorker($chunk, $resultFile, $sockets[1]);
            }
            fclose($sockets[1]);
            stream_set_blocking($sockets[0], false);
            $children[] = new AnalysisWorker($pid, $resultFile, $sockets[0], $chunk);
        }
        [$results, $failed] = $this->collect($children, $stopChildren, \count($paths), $progress);

        // A worker that died (out of memory, a crash in the parser) costs time, not correctness.
        return $results + $this->inProcess($failed, null);
    }

    /**
     * Workers as PHP processes of their own, under the JIT; null when they cannot start (the caller forks then).
     *
     * @param list<string>                     $paths
     * @param (callable(int $done): void)|null $progress
     */
    private function inJitWorkers(JitWorkerCommand $jit, array $paths, ?callable $progress): ?ParsedFiles
    {
        $children = [];
        $stopChildren = $this->stopOnExit($children);
        foreach ($this->balancedChunks($paths) as $chunk) {
            $guard = InterruptGuard::instance();
            $pathsFile = $guard->temporaryFile(sys_get_temp_dir(), 'preheat-scan-');
            $resultFile = $guard->temporaryFile(sys_get_temp_dir(), 'preheat-scan-');
            $process = false;
            $pipes = [];
            if (false !== $pathsFile && false !== $resultFile
                && false !== @file_put_contents($pathsFile, serialize($chunk))) {
                $process = @proc_open(
                    $jit->command($pathsFile, $resultFile, $this->analyzer->grammarVersion()),
                    [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']],
                    $pipes,
                );
            }
            if (false === $process) {
                foreach ([$pathsFile, $resultFile] as $file) {
                    if (false !== $file) {
                        $this->forgetFile($file);
                    }
                }
                $this->stop($children, $stopChildren);

                return null;
            }
            stream_set_blocking($pipes[1], false);
            $children[] = new AnalysisWorker(
                (int) proc_get_status($process)['pid'],
                (string) $resultFile,
                $pipes[1],
                $chunk,
                $process,
                (string) $pathsFile,
            );
        }
        [$results, $failed, $failedWorkers] = $this->collect($children, $stopChildren, \count($paths), $progress);
        if ([] === $failed) {
            return new ParsedFiles($results, \count($children));
        }
        // A worker that could not run its share (its PHP refused the settings, it ran out of memory): the share is
        // parsed the way it would have been without the JIT.
        $rest = \count($failed) >= self::MIN_FILES_TO_FORK && \function_exists('pcntl_fork')
            ? $this->inForkedWorkers($failed, null)
            : $this->inProcess($failed, null);

        return new ParsedFiles($results + $rest, \count($children) - $failedWorkers);
    }

    /**
     * Waits for the workers, showing their progress, and reads what each wrote; the paths of those that did not
     * write a whole result come back apart.
     *
     * @param list<AnalysisWorker>             $children
     * @param int                              $stopChildren what stopOnExit() registered for them, forgotten once
     *                                                       they have ended
     * @param (callable(int $done): void)|null $progress
     *
     * @return array{array<string, ParsedFile>, list<string>, int} what they parsed, the paths of those that did not
     *                                                             finish, and how many did not
     */
    private function collect(array $children, int $stopChildren, int $total, ?callable $progress): array
    {
        $done = 0;
        $open = array_map(static fn (AnalysisWorker $c) => $c->progress, $children);
        while ([] !== $open) {
            $read = $open;
            $write = $except = null;
            if (false === @stream_select($read, $write, $except, 1)) {
                break;
            }
            foreach ($read as $stream) {
                $data = fread($stream, 8192);
                if (false === $data || ('' === $data && feof($stream))) {
                    unset($open[array_search($stream, $open, true)]);
                    continue;
                }
                $done += \strlen($data) * self::PROGRESS_EVERY;
                if (null !== $progress) {
                    $progress(min($done, $total));
                }
            }
        }

        // Each has written its result and is ending: nothing is left to stop.
        InterruptGuard::instance()->forget($stopChildren);
        $results = [];
        $failed = [];
        $failedWorkers = 0;
        foreach ($children as $child) {
            $exit = $child->reap();
            $parsed = 0 === $exit ? ParseWorker::read($child->resultFile, \count($child->chunk)) : null;
            $this->forgetFile($child->resultFile);
            if (null !== $child->pathsFile) {
                $this->forgetFile($child->pathsFile);
            }
            if (null === $parsed) {
                array_push($failed, ...$child->chunk);
                ++$failedWorkers;
                continue;
            }
            $results += $parsed;
        }

        return [$results, $failed, $failedWorkers];
    }

    /**
     * Interrupted while they run (or while the next is started), the run stops the workers started so far: a
     * SIGTERM to this process alone does not reach them.
     *
     * @param list<AnalysisWorker> $children filled as they start
     */
    private function stopOnExit(array &$children): int
    {
        return InterruptGuard::instance()->stopOnExit(function () use (&$children): void {
            $this->stop($children);
        });
    }

    /** @param list<AnalysisWorker> $children */
    private function stop(array $children, ?int $stopChildren = null): void
    {
        if (null !== $stopChildren) {
            InterruptGuard::instance()->forget($stopChildren);
        }
        foreach ($children as $child) {
            $child->kill();
            $this->forgetFile($child->resultFile);
            if (null !== $child->pathsFile) {
                $this->forgetFile($child->pathsFile);
            }
        }
    }

    private function forgetFile(string $path): void
    {
        @unlink($path);
        InterruptGuard::instance()->forgetPath($path);
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
        ParseWorker::run($this->analyzer, $paths, $resultFile, $progress);
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
