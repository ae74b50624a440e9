<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Setting;

/** Why the pool's user cannot use a path the recorder needs, and the shell command that fixes it. */
final class AccessProblem
{
    /** @param Setting|null $setting the setting the fix changes, when it is one (the console names its option) */
    public function __construct(
        public readonly string $problem,
        public readonly string $fix,
        public readonly ?Setting $setting = null,
    ) {
    }
}
