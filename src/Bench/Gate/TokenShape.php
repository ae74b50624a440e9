<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/**
 * What the values seen in one volatile place look like: the widest kind of word seen (hex digits,
 * letters and digits, anything) and which delimiters. Another value fits when its words are of that
 * kind or narrower and it brings no new delimiter: a hex nonce may become another hex nonce, but not
 * "undefined", and not markup.
 */
final class TokenShape
{
    private const NO_WORD = -1;
    private const HEX = 0;
    private const ALNUM = 1;
    private const ANY_WORD = 2;

    /** @param array<string, true> $delimiters */
    private function __construct(
        private readonly int $widestWord,
        private readonly array $delimiters,
    ) {
    }

    /** @param list<string> $tokens */
    public static function of(array $tokens): self
    {
        $widest = self::NO_WORD;
        $delimiters = [];
        foreach ($tokens as $token) {
            if (Tokens::isWord($token)) {
                $widest = max($widest, self::wordKind($token));
            } elseif (Tokens::isDelimiter($token)) {
                $delimiters[self::delimiterKey($token)] = true;
            }
        }

        return new self($widest, $delimiters);
    }

    public function union(self $other): self
    {
        return new self(max($this->widestWord, $other->widestWord), $this->delimiters + $other->delimiters);
    }

    /** @param list<string> $tokens */
    public function accepts(array $tokens): bool
    {
        foreach ($tokens as $token) {
            if (Tokens::isWord($token)) {
                if (self::wordKind($token) > $this->widestWord) {
                    return false;
                }
            } elseif (Tokens::isDelimiter($token) && !isset($this->delimiters[self::delimiterKey($token)])) {
                return false;
            }
            // Other punctuation (. : - + / ...) is part of values: any may come and go.
        }

        return true;
    }

    private static function wordKind(string $word): int
    {
        return match (true) {
            ctype_xdigit($word) => self::HEX,
            ctype_alnum($word) => self::ALNUM,
            default => self::ANY_WORD,
        };
    }

    /** Whitespace of any length is one kind of delimiter. */
    private static function delimiterKey(string $token): string
    {
        return '' === trim($token) ? ' ' : $token;
    }
}
