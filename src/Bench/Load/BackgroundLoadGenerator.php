<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

/**
 * A load tool that runs as a program of its own, so that it can be started in the background: the
 * bench then loads every scenario of a round at the same time (`--schedule=together`).
 */
interface BackgroundLoadGenerator extends LoadGenerator
{
    public function start(LoadTarget $target, LoadSettings $settings, float $duration): LoadRun;
}
