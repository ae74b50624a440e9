<?php

declare(strict_types=1);

namespace Preheat\Usage;

/** Why the pool's user cannot use a path the recorder needs, and the shell command that fixes it. */
final class AccessProblem
{
    public function __construct(
        public readonly string $problem,
        public readonly string $fix,
    ) {
    }
}
