<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/**
 * Each scenario has its own port, and apps write absolute URLs with it: plain
 * (`127.0.0.1:8081`, also inside JSON's `http:\/\/127.0.0.1:8081\/`), URL-encoded once
 * (`127.0.0.1%3A8081`) or twice (`%253A`), or with JSON's unicode escape for the colon. Every form
 * becomes «server», so pages of different scenarios compare equal.
 */
final class AddressMask
{
    public const MARKER = '«server»';

    public function __construct(
        private readonly string $host,
        private readonly int $port,
    ) {
    }

    public static function forUrl(string $url): self
    {
        return new self((string) parse_url($url, \PHP_URL_HOST), (int) parse_url($url, \PHP_URL_PORT));
    }

    public function mask(string $text): string
    {
        $forms = array_map(
            fn (string $colon): string => $this->host.$colon.$this->port,
            [':', '%3A', '%253A', '\u003A'],
        );

        return str_ireplace($forms, self::MARKER, $text);
    }
}
