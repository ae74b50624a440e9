<?php

declare(strict_types=1);

namespace Preheat\Progress;

/** Where long-running stages say what they are doing. Progress is for people; results go elsewhere. */
interface ProgressLogger
{
    public function stage(string $description): void;

    public function advance(int $done, int $total): void;

    public function finish(string $summary): void;
}
