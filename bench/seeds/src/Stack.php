<?php

declare(strict_types=1);

namespace Preheat\Seeds;

use Preheat\Server\Runtime;

/** One server of a seeds table, started, or not available with why (then its rows say so). */
final class Stack
{
    public function __construct(
        public readonly string $key,
        public readonly string $label,
        public readonly ?Runtime $runtime,
        public readonly ?string $unavailable = null,
        public readonly ?string $directory = null,
    ) {
    }
}
