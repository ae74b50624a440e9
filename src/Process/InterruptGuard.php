<?php

declare(strict_types=1);

namespace Preheat\Process;

use Preheat\Util\TemporaryFileRegistry;
use Preheat\Util\TemporaryFiles;

/**
 * What a command run must undo however it ends: the temporary files and directories it created and the
 * programs it started. Each registers here while it exists; on SIGINT, SIGTERM or SIGHUP the guard stops
 * the programs (by PID, with their descendants), removes the files, says so in one line on stderr and
 * exits with 128 + the signal; at a normal end (or a fatal error) it does the same without the line.
 *
 * Without PHP's pcntl functions no signal can be caught: an InterruptReaper, told of every registration,
 * then undoes what a killed run leaves (PHP ends with the signal itself, and nothing is said).
 *
 * One for the whole PHP process, because signal handlers and shutdown functions are process-wide. Only
 * the process that installed it cleans up: a child forked from it (the parallel scan) inherits the
 * registrations but must not remove its parent's files or stop its parent's servers.
 */
final class InterruptGuard implements TemporaryFileRegistry
{
    private static ?self $instance = null;

    /** @var array<string, true> */
    private array $paths = [];

    /** @var array<int, \Closure(): void> */
    private array $stops = [];

    private int $nextId = 0;

    private ?int $owner = null;

    /** @var array<int, array{int, int}> registered stop => the program's PID and start time, for the reaper */
    private array $programs = [];

    private ?InterruptReaper $reaper = null;

    /** @var resource|null where the one line goes; STDERR when null */
    private $stderr;

    public static function instance(): self
    {
        if (null === self::$instance) {
            self::$instance = new self();
            // The temporary files Util makes (AtomicFile's) are registered here too.
            TemporaryFiles::use(self::$instance);
        }

        return self::$instance;
    }

    /**
     * Installs the signal handlers and the shutdown function, once; owned by the calling process from then on.
     *
     * @param resource|null $stderr
     */
    public function install($stderr = null): void
    {
        $this->stderr = $stderr;
        if (null !== $this->owner) {
            return;
        }
        $this->owner = getmypid() ?: null;
        register_shutdown_function($this->cleanUp(...));
        if (self::catchesSignals()) {
            pcntl_async_signals(true);
            foreach ([\SIGINT, \SIGTERM, \SIGHUP] as $signal) {
                pcntl_signal($signal, $this->interrupted(...));
            }

            return;
        }
        $this->reaper = InterruptReaper::start();
        foreach (array_keys($this->paths) as $path) {
            $this->reaper?->addPath((string) $path);
        }
    }

    /** Whether this PHP can catch SIGINT, SIGTERM and SIGHUP (disable_functions may take any pcntl function away). */
    private static function catchesSignals(): bool
    {
        return \function_exists('pcntl_async_signals') && \function_exists('pcntl_signal');
    }

    /** A file or directory of ours, removed (a directory with what is in it) if the run ends before forgetPath(). */
    public function removeOnExit(string $path): void
    {
        $this->paths[$path] = true;
        $this->reaper?->addPath($path);
    }

    /** The path is gone (or kept on purpose) by the code that made it. */
    public function forgetPath(string $path): void
    {
        unset($this->paths[$path]);
        $this->reaper?->forgetPath($path);
    }

    /**
     * A new empty file (tempnam()), removed if the run ends before forgetPath(): no moment is left where
     * an interrupt would leave it behind.
     *
     * @return string|false as tempnam()
     */
    public function temporaryFile(string $directory, string $prefix): string|false
    {
        if (!\function_exists('pcntl_sigprocmask')) {
            return $this->namedFirst($directory, $prefix);
        }
        // Registered in the same breath as created: an interrupt waits until both are done.
        $blocked = pcntl_sigprocmask(\SIG_BLOCK, [\SIGINT, \SIGTERM, \SIGHUP], $previous);
        try {
            $path = @tempnam($directory, $prefix);
            if (false !== $path) {
                $this->removeOnExit($path);
            }
        } finally {
            if ($blocked) {
                pcntl_sigprocmask(\SIG_SETMASK, $previous ?? []);
            }
        }

        return $path;
    }

    /**
     * @param \Closure(): void $stop stops a program of ours if the run ends before it is forgotten
     * @param int|null         $pid  the program's PID and start time, for the reaper (a run that cannot catch
     *                               signals): it stops that process only
     */
    public function stopOnExit(\Closure $stop, ?int $pid = null, ?int $startTime = null): int
    {
        $this->stops[$id = $this->nextId++] = $stop;
        if (null !== $this->reaper && null !== $pid && null !== $startTime && $startTime >= 0) {
            $this->programs[$id] = [$pid, $startTime];
            $this->reaper->addProgram($pid, $startTime);
        }

        return $id;
    }

    /** The program stopped, by the code that started it: nothing left to undo. */
    public function forget(int $id): void
    {
        unset($this->stops[$id]);
        if (isset($this->programs[$id])) {
            $this->reaper?->forgetProgram($this->programs[$id][0]);
            unset($this->programs[$id]);
        }
    }

    /** How many files and programs are registered now. */
    public function pending(): int
    {
        return \count($this->paths) + \count($this->stops);
    }

    /**
     * Stops every registered program (latest first, so a server's tools before the
     * server) and removes every registered path.
     */
    public function cleanUp(): void
    {
        if (null !== $this->owner && getmypid() !== $this->owner) {
            return;
        }
        while ([] !== $this->stops) {
            $id = array_key_last($this->stops);
            $stop = $this->stops[$id];
            unset($this->stops[$id]);
            try {
                $stop();
            } catch (\Throwable) {
                // Undo the rest regardless.
            }
        }
        while ([] !== $this->paths) {
            $path = (string) array_key_last($this->paths);
            unset($this->paths[$path]);
            self::remove($path);
        }
        $this->programs = [];
        $this->reaper?->finish();
        $this->reaper = null;
    }

    /** The signal handler (public for the unit test, which cannot deliver a signal to PHPUnit itself). */
    public function interrupted(int $signal): never
    {
        if (null === $this->owner || getmypid() === $this->owner) {
            // Ignore a second Ctrl-C while cleaning up: half of it undone would leave what this is for.
            foreach ([\SIGINT, \SIGTERM, \SIGHUP] as $ignored) {
                \function_exists('pcntl_signal') ? pcntl_signal($ignored, \SIG_IGN) : null;
            }
            $this->cleanUp();
            fwrite($this->stderr ?? \STDERR, \sprintf(
                "\nInterrupted (%s): stopped every process and removed every temporary file of this run.\n",
                self::signalName($signal),
            ));
        }
        exit(128 + $signal);
    }

    public static function signalName(int $signal): string
    {
        return match ($signal) {
            \SIGINT => 'SIGINT',
            \SIGTERM => 'SIGTERM',
            \SIGHUP => 'SIGHUP',
            default => 'signal '.$signal,
        };
    }

    /**
     * tempnam() for a PHP that cannot hold signals back: the name is registered before the file exists, so
     * that the reaper knows it whenever the run is killed.
     */
    private function namedFirst(string $directory, string $prefix): string|false
    {
        for ($attempt = 0; $attempt < 10; ++$attempt) {
            $path = rtrim($directory, '/').'/'.$prefix.bin2hex(random_bytes(6));
            $this->removeOnExit($path);
            $handle = @fopen($path, 'x');
            if (false !== $handle) {
                fclose($handle);
                @chmod($path, 0o600);

                return $path;
            }
            $this->forgetPath($path);
        }

        return false;
    }

    /** Removes a file, a link (not what it points to) or a directory tree. */
    private static function remove(string $path): void
    {
        if (is_link($path) || is_file($path)) {
            @unlink($path);

            return;
        }
        if (!is_dir($path)) {
            return;
        }
        try {
            $entries = new \RecursiveIteratorIterator(
                new \RecursiveDirectoryIterator($path, \FilesystemIterator::SKIP_DOTS),
                \RecursiveIteratorIterator::CHILD_FIRST,
            );
            foreach ($entries as $entry) {
                /** @var \SplFileInfo $entry */
                $entry->isDir() && !$entry->isLink() ? @rmdir($entry->getPathname()) : @unlink($entry->getPathname());
            }
        } catch (\UnexpectedValueException) {
            // A directory we may not read: what could be removed is.
        }
        @rmdir($path);
    }
}
