<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

/** One error, warning or notice PHP printed while it started with the preload script (`count` times). */
final class StartupMessage
{
    public function __construct(
        public readonly Severity $severity,
        public readonly string $message,
        public readonly ?string $file = null,
        public readonly ?int $line = null,
        public readonly int $count = 1,
    ) {
    }
}
