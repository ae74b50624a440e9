<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/**
 * Anti-spam helpers write an address with a random mix of `&#97;`, `&#x61;` and `a`, character by
 * character (WordPress's antispambot(), Laravel's obfuscate), some with `%61` in links too: every request
 * differs at other places, more than a few samples can learn. A browser shows every spelling alike, so
 * each page is compared with one spelling: a character reference to a printable ASCII character that is
 * not markup (`<`, `>`, `&`, `"`, `'`) becomes the character, any other numeric one its decimal form
 * (`&#x3C;` is `&#60;`: still escaped, so a page that stops escaping still differs), and a percent-escape
 * of a letter, digit, `-`, `.`, `_`, `~` or `@` becomes the character (the others keep their meaning in a
 * URL, and are only written in capitals).
 */
final class EscapedCharacters
{
    private const REFERENCE_OR_PERCENT = '/&#(?:([0-9]{1,7})|[xX]([0-9A-Fa-f]{1,6}));|%([0-9A-Fa-f]{2})/';

    private const MARKUP = '<>&"\'';

    public static function decoded(string $text): string
    {
        if (!str_contains($text, '&#') && !str_contains($text, '%')) {
            return $text;
        }

        // One pass: what a replacement writes is not read again ("&#37;41" stays "%41").
        return (string) preg_replace_callback(
            self::REFERENCE_OR_PERCENT,
            static function (array $m): string {
                if (isset($m[3])) {
                    $character = \chr((int) hexdec($m[3]));

                    return ctype_alnum($character) || str_contains('-._~@', $character)
                        ? $character
                        : '%'.strtoupper($m[3]);
                }
                $code = '' !== ($m[1] ?? '') ? (int) $m[1] : (int) hexdec($m[2] ?? '0');

                return $code >= 0x20 && $code < 0x7F && !str_contains(self::MARKUP, \chr($code))
                    ? \chr($code)
                    : '&#'.$code.';';
            },
            $text,
        );
    }
}
