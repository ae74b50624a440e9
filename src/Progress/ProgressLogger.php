<?php

declare(strict_types=1);

namespace Preheat\Progress;

/**
 * Where long-running stages say what they are doing. Progress is for people; results go elsewhere.
 * A stage or a finished step is an event (the bench's runner emits only events) or, from stages that
 * have none yet, a sentence: a finished sentence counts as done.
 */
interface ProgressLogger
{
    public function stage(string|StageEvent $stage): void;

    public function advance(int $done, int $total): void;

    public function finish(string|ProgressEvent $summary): void;
}
