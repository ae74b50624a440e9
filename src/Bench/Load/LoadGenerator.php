<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

interface LoadGenerator
{
    public function name(): string;

    /**
     * Whether each run warms PHP up itself before it measures (a process started anew per run, such
     * as valgrind's): the bench then runs no warm-up of its own, which would only cost time.
     */
    public function warmsUpInEachRun(): bool;

    public function run(LoadTarget $target, LoadSettings $settings, float $duration): LoadResult;
}
