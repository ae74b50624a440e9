<?php

declare(strict_types=1);

namespace Preheat\Progress;

/** A stage a long-running command starts, as a value; a logger shows its description beside a bar. */
interface StageEvent
{
    public function description(): string;
}
