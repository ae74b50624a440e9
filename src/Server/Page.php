<?php

declare(strict_types=1);

namespace Preheat\Server;

/** A page as one GET saw it. */
final class Page
{
    public function __construct(
        public readonly string $url,
        public readonly int $status,
        public readonly string $body,
        public readonly ?string $error = null,
        public readonly ?string $location = null,
    ) {
    }

    public function isSuccess(): bool
    {
        return null === $this->error && $this->status >= 200 && $this->status < 300;
    }

    /** "HTTP 302 to /login", "HTTP 500" or the connection error: how it answered, in a few words. */
    public function describeAnswer(): string
    {
        if (null !== $this->error) {
            return $this->error;
        }

        return 'HTTP '.$this->status.(null === $this->location ? '' : ' to '.$this->location);
    }
}
