<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

use Preheat\Process\ProcessResult;

/** One load tool process in the background, its output read into a LoadResult once it ends. */
final class ToolRun implements LoadRun
{
    private ?LoadResult $result = null;

    /**
     * @param \Closure(ProcessResult, float): LoadResult $read the tool's output and its own CPU seconds into a result
     */
    public function __construct(
        private readonly ToolProcess $process,
        private readonly \Closure $read,
    ) {
    }

    public function poll(): ?LoadResult
    {
        if (null === $this->result && null !== ($ended = $this->process->poll())) {
            $this->result = ($this->read)($ended, $this->process->cpuSeconds());
        }

        return $this->result;
    }

    public function abort(): void
    {
        $this->process->abort();
    }
}
