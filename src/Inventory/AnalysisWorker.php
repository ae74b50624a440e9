<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * One parse worker ParallelAnalysis started: forked, or a PHP process of its own (then with its process handle
 * and the file it reads its paths from), with the stream it reports progress on and the file it writes its result to.
 *
 * @internal
 */
final class AnalysisWorker
{
    /**
     * @param resource      $progress
     * @param list<string>  $chunk    the paths it parses
     * @param resource|null $process  proc_open()'s handle; null for a forked worker
     */
    public function __construct(
        public readonly int $pid,
        public readonly string $resultFile,
        public readonly mixed $progress,
        public readonly array $chunk,
        private readonly mixed $process = null,
        public readonly ?string $pathsFile = null,
    ) {
    }

    /**
     * Waits for it to end. A PHP process of its own says how it ended; a forked one ends itself with SIGKILL
     * (leaving the parent's shutdown handlers alone): 0, and its result file says whether it finished.
     */
    public function reap(): int
    {
        if (\is_resource($this->progress)) {
            fclose($this->progress);
        }
        if (\is_resource($this->process)) {
            return proc_close($this->process);
        }
        pcntl_waitpid($this->pid, $status);

        return 0;
    }

    public function kill(): void
    {
        if ($this->pid > 0) {
            @posix_kill($this->pid, \SIGKILL);
        }
        $this->reap();
    }
}
