<?php

declare(strict_types=1);

namespace Preheat\Progress;

final class NullProgressLogger implements ProgressLogger
{
    public function stage(string|StageEvent $stage): void
    {
    }

    public function advance(int $done, int $total): void
    {
    }

    public function finish(string|ProgressEvent $summary): void
    {
    }
}
