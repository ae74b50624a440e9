<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use Preheat\Process\InterruptGuard;
use Preheat\Util\Cpu;

/**
 * Parses many files on every core: the parent starts one worker per core, each parses a share and
 * hands back its inventories through a temporary file, and reports progress on a socket or pipe.
 * A worker is a new PHP with OPcache's JIT on when this PHP has OPcache (the parser runs about 1.4 times
 * as fast there, start included), else a fork. Without either (or for few files) it parses in-process.
 * Files that name `__DIR__` or `__FILE__` come back analysed at their PathTemplate
 * (FileAnalyzer::analyzeTemplated()): the caller rebases them.
 */
final class ParallelAnalysis
{
    /** Below this many files, forking costs more than it saves. */
    private const MIN_FILES_TO_FORK = 300;

    private const PROGRESS_EVERY = 25;

    /** @var list<string> the workers' lists of paths, removed once they have ended */
    private array $pathsFiles = [];

    public function __construct(
        private readonly FileAnalyzer $analyzer,
        private readonly int $workers,
        private readonly bool $jitWorkers = true,
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
     * @return array<string, FileInventory> keyed by path
     */
    public function analyze(array $paths, ?callable $progress = null): array
    {
        if ($this->workers < 2 || \count($paths) < self::MIN_FILES_TO_FORK || !\function_exists('pcntl_fork')) {
            return $this->inProcess($paths, $progress);
        }

        $chunks = $this->balancedChunks($paths);
        $children = [];
        $autoloader = $this->jitWorkers ? self::autoloader() : null;
        foreach ($chunks as $index => $chunk) {
            $resultFile = InterruptGuard::instance()->temporaryFile(sys_get_temp_dir(), 'preheat-scan-');
            $spawned = null === $autoloader || false === $resultFile
                ? null
                : $this->spawnWorker($chunk, $resultFile, $autoloader);
            if (null !== $spawned) {
                $children[$index] = $spawned + ['file' => $resultFile, 'chunk' => $chunk];
                continue;
            }
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
            $children[$index] = [
                'pid' => $pid,
                'file' => $resultFile,
                'socket' => $sockets[0],
                'chunk' => $chunk,
                'process' => null,
            ];
        }

        // Interrupted, the run stops the forked scanners too: a SIGTERM to this process alone does not reach them.
        $pids = array_column($children, 'pid');
        $stopChildren = InterruptGuard::instance()->stopOnExit(static function () use ($pids): void {
            foreach ($pids as $pid) {
                @posix_kill($pid, \SIGKILL);
                \function_exists('pcntl_waitpid') ? pcntl_waitpid($pid, $status) : null;
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
        foreach ($this->pathsFiles as $pathsFile) {
            @unlink($pathsFile);
            InterruptGuard::instance()->forgetPath($pathsFile);
        }
        $this->pathsFiles = [];
        $results = [];
        foreach ($children as $child) {
            if (null !== $child['process']) {
                proc_close($child['process']);
            } else {
                pcntl_waitpid($child['pid'], $status);
            }
            $data = @unserialize((string) @file_get_contents($child['file']), ['allowed_classes' => false]);
            @unlink($child['file']);
            InterruptGuard::instance()->forgetPath($child['file']);
            if (!\is_array($data) || \count($data) !== \count($child['chunk'])) {
                // A worker that died (out of memory, a crash in the parser) costs time, not correctness.
                $results += $this->inProcess($child['chunk'], null);
                continue;
            }
            foreach ($data as $entry) {
                $results[$entry['path']] = FileInventory::fromArray($entry);
            }
        }

        return $results;
    }

    /**
     * Starts a worker in a new PHP with the JIT on (analysis-worker.php.template), or null when it cannot.
     *
     * @param list<string> $paths
     *
     * @return array{pid: int, socket: resource, process: resource}|null
     */
    private function spawnWorker(array $paths, string $resultFile, string $autoloader): ?array
    {
        $pathsFile = InterruptGuard::instance()->temporaryFile(sys_get_temp_dir(), 'preheat-scan-paths-');
        if (false === $pathsFile) {
            return null;
        }
        file_put_contents($pathsFile, serialize([$paths, $this->analyzer->targetVersion()]));
        $command = [
            \PHP_BINARY,
            '-d', 'opcache.enable_cli=1',
            '-d', 'opcache.jit=tracing',
            '-d', 'opcache.jit_buffer_size=64M',
            // Whatever the CLI's ini says of preloading and OPcache's size, the worker preloads nothing.
            '-d', 'opcache.preload=',
            '-d', 'opcache.memory_consumption=64',
            '-d', 'memory_limit='.\ini_get('memory_limit'),
            '-d', 'display_errors=stderr',
            __DIR__.'/analysis-worker.php.template',
            $autoloader,
            $pathsFile,
            $resultFile,
        ];
        $streams = [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']];
        $process = @proc_open($command, $streams, $pipes);
        // The paths are read at the worker's start; it may be removed once the worker has ended (below).
        InterruptGuard::instance()->removeOnExit($pathsFile);
        if (!\is_resource($process)) {
            @unlink($pathsFile);
            InterruptGuard::instance()->forgetPath($pathsFile);

            return null;
        }
        $this->pathsFiles[] = $pathsFile;
        stream_set_blocking($pipes[1], false);

        return ['pid' => (int) proc_get_status($process)['pid'], 'socket' => $pipes[1], 'process' => $process];
    }

    /**
     * The Composer autoloader the workers load Preheat with; null when there is none to name (inside a PHAR,
     * whose files a new PHP cannot run as a script: the workers are forked there).
     */
    private static function autoloader(): ?string
    {
        $phar = class_exists(\Phar::class, false) && '' !== \Phar::running(false);
        if ($phar || !\extension_loaded('Zend OPcache')) {
            return null;
        }
        $loader = (new \ReflectionClass(\Composer\Autoload\ClassLoader::class))->getFileName();
        $autoload = false === $loader ? null : \dirname($loader, 2).'/autoload.php';

        return null !== $autoload && is_file($autoload) ? $autoload : null;
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
            $entries[] = $this->analyzer->analyzeTemplated($path)->toArray();
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
     * @return array<string, FileInventory>
     */
    private function inProcess(array $paths, ?callable $progress): array
    {
        $results = [];
        foreach ($paths as $index => $path) {
            $results[$path] = $this->analyzer->analyzeTemplated($path);
            if (null !== $progress && 0 === ($index + 1) % 250) {
                $progress($index + 1);
            }
        }

        return $results;
    }
}
