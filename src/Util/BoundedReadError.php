<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * A file BoundedRead did not read: $reason says why in words that follow the file's name ("it is larger
 * than 8 MB"), for the caller's own message about what the file was for.
 */
final class BoundedReadError extends \RuntimeException
{
    public function __construct(public readonly string $path, public readonly string $reason)
    {
        parent::__construct($path.': '.$reason.'.');
    }

    /** Whether the file was refused for its size (not because it is missing or not a file). */
    public function isTooLarge(): bool
    {
        return str_starts_with($this->reason, 'it is larger than');
    }

    public static function tooLarge(string $path, int $maxBytes): self
    {
        return new self($path, 'it is larger than '.BoundedRead::describe($maxBytes));
    }
}
