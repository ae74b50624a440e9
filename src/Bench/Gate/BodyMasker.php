<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/**
 * The user's own masks (`bench.masks`), applied to every page before what changes between identical
 * requests is learned: for what learning cannot see, such as a value that changes only every
 * minute. A pattern with a capture group keeps the group and masks what follows it; one without
 * masks the whole match.
 */
final class BodyMasker
{
    private const MASK = '«masked»';

    /** @param list<string> $patterns */
    public function __construct(private readonly array $patterns)
    {
    }

    public function mask(string $body): string
    {
        foreach ($this->patterns as $pattern) {
            $body = (string) preg_replace_callback(
                $pattern,
                static fn (array $m): string => (isset($m[1]) ? $m[1] : '').self::MASK,
                $body,
            );
        }

        return $body;
    }
}
