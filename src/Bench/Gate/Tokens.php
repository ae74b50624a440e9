<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/**
 * Splits a page into tokens for alignment: runs of word bytes (ASCII letters, digits, _ and every
 * byte of a multibyte UTF-8 character), runs of whitespace, and each other byte on its own. Byte
 * based, so a page in any encoding splits, and the tokens always join back into the page.
 */
final class Tokens
{
    /** Bytes that separate values in markup, JSON and text: a volatile value never spans one. */
    private const DELIMITERS = "\"'<>=&;,()[]{}";

    /** @return list<string> */
    public static function split(string $text): array
    {
        if ('' === $text) {
            return [];
        }
        if (false === preg_match_all('/[\w\x80-\xff]+|\s+|[^\w\s\x80-\xff]/', $text, $matches)) {
            return str_split($text); // PCRE gave up (a limit): bytes align too, only slower
        }

        return $matches[0];
    }

    /** Whitespace or markup/JSON punctuation: where a value (a token, a number, a time) ends. */
    public static function isDelimiter(string $token): bool
    {
        return '' === trim($token) || (1 === \strlen($token) && str_contains(self::DELIMITERS, $token));
    }

    public static function isWord(string $token): bool
    {
        return 1 === preg_match('/^[\w\x80-\xff]/', $token);
    }
}
