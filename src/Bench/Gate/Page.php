<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/** A page as one GET saw it. */
final class Page
{
    public function __construct(
        public readonly string $url,
        public readonly int $status,
        public readonly string $body,
        public readonly ?string $error = null,
    ) {
    }

    public function isSuccess(): bool
    {
        return null === $this->error && $this->status >= 200 && $this->status < 300;
    }
}
