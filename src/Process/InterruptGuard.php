<?php

declare(strict_types=1);

namespace Preheat\Process;

/**
 * What a command run must undo however it ends: the temporary files and directories it created and the
 * programs it started. Each registers here while it exists; on SIGINT, SIGTERM or SIGHUP the guard stops
 * the programs (by PID, with their descendants), removes the files, says so in one line on stderr and
 * exits with 128 + the signal; at a normal end (or a fatal error) it does the same without the line.
 *
 * One for the whole PHP process, because signal handlers and shutdown functions are process-wide. Only
 * the process that installed it cleans up: a child forked from it (the parallel scan) inherits the
 * registrations but must not remove its parent's files or stop its parent's servers.
 */
final class InterruptGuard
{
    private static ?self $instance = null;

    /** @var array<string, true> */
    private array $paths = [];

    /** @var array<int, \Closure(): void> */
    private array $stops = [];

    private int $nextId = 0;

    private ?int $owner = null;

    /** @var resource|null where the one line goes; STDERR when null */
    private $stderr;

    public static function instance(): self
    {
        return self::$instance ??= new self();
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
        if (\function_exists('pcntl_async_signals')) {
            pcntl_async_signals(true);
            foreach ([\SIGINT, \SIGTERM, \SIGHUP] as $signal) {
                pcntl_signal($signal, $this->interrupted(...));
            }
        }
    }

    /** A file or directory of ours, removed (a directory with what is in it) if the run ends before forgetPath(). */
    public function removeOnExit(string $path): void
    {
        $this->paths[$path] = true;
    }

    /** The path is gone (or kept on purpose) by the code that made it. */
    public function forgetPath(string $path): void
    {
        unset($this->paths[$path]);
    }

    /**
     * A new empty file (tempnam()), removed if the run ends before forgetPath(): no moment is left where
     * an interrupt would leave it behind.
     *
     * @return string|false as tempnam()
     */
    public function temporaryFile(string $directory, string $prefix): string|false
    {
        // Registered in the same breath as created: an interrupt waits until both are done.
        $blocked = \function_exists('pcntl_sigprocmask')
            && pcntl_sigprocmask(\SIG_BLOCK, [\SIGINT, \SIGTERM, \SIGHUP], $previous);
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

    /** @param \Closure(): void $stop stops a program of ours if the run ends before it is forgotten */
    public function stopOnExit(\Closure $stop): int
    {
        $this->stops[$id = $this->nextId++] = $stop;

        return $id;
    }

    /** The program stopped, by the code that started it: nothing left to undo. */
    public function forget(int $id): void
    {
        unset($this->stops[$id]);
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
