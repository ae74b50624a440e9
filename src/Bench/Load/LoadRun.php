<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

use Preheat\Process\ProcessFailed;

/** A run of a load tool started in the background: polled until it has a result. */
interface LoadRun
{
    /**
     * The run's result once the tool has ended; null while it runs.
     *
     * @phpstan-impure
     *
     * @throws ProcessFailed when the tool failed, overran its time limit or printed nothing readable
     */
    public function poll(): ?LoadResult;

    /** Stops the tool if it still runs. */
    public function abort(): void;
}
