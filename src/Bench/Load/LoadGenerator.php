<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

interface LoadGenerator
{
    public function name(): string;

    public function run(LoadTarget $target, LoadSettings $settings, float $duration): LoadResult;
}
