<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\LoadRun;

/** A background run that answers null for a number of polls, then its result (or throws); it remembers being aborted. */
final class FakeLoadRun implements LoadRun
{
    public int $polls = 0;
    public int $aborts = 0;

    public function __construct(
        private readonly int $pollsUntilDone,
        private readonly LoadResult|\Throwable $outcome,
    ) {
    }

    public function poll(): ?LoadResult
    {
        ++$this->polls;
        if ($this->polls <= $this->pollsUntilDone) {
            return null;
        }
        if ($this->outcome instanceof \Throwable) {
            throw $this->outcome;
        }

        return $this->outcome;
    }

    public function abort(): void
    {
        ++$this->aborts;
    }
}
