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

    /** @return array{severity: string, message: string, file: ?string, line: ?int, count: int} */
    public function toArray(): array
    {
        return [
            'severity' => $this->severity->value,
            'message' => $this->message,
            'file' => $this->file,
            'line' => $this->line,
            'count' => $this->count,
        ];
    }
}
