<?php

declare(strict_types=1);

namespace Preheat\Config;

/**
 * Where a JSON document json_decode() refused first goes wrong, and how: PHP says only "Syntax error", with no
 * place. locate() reads the document once more by RFC 8259's grammar, as PHP's parser does, and stops at the
 * first byte that grammar does not allow. It is for documents json_decode() has refused: a valid one pays
 * nothing, and one refused for another reason than its syntax (nested deeper than the decoder's limit) gives
 * null, for the decoder's own message.
 */
final class JsonSyntaxError
{
    /** Deeper than any decoder's limit here (BoundedRead::DEPTH): past it, the decoder's message says why. */
    private const MAX_DEPTH = 512;

    /**
     * A character of more than one byte as UTF-8 writes it, byte by byte: no overlong form, no surrogate, nothing
     * past U+10FFFF (RFC 3629). Matched on bytes: PCRE's own UTF-8 mode checks the whole document at each call.
     */
    private const UTF8_CHARACTER = '(?:[\xC2-\xDF][\x80-\xBF]|\xE0[\xA0-\xBF][\x80-\xBF]'
        .'|[\xE1-\xEC\xEE\xEF][\x80-\xBF]{2}|\xED[\x80-\x9F][\x80-\xBF]|\xF0[\x90-\xBF][\x80-\xBF]{2}'
        .'|[\xF1-\xF3][\x80-\xBF]{3}|\xF4[\x80-\x8F][\x80-\xBF]{2})';

    /** What a string holds as it is: all but the quote, the backslash, control characters and what is not UTF-8. */
    private const PLAIN_RUN = '/\G(?:[\x20\x21\x23-\x5B\x5D-\x7F]++|'.self::UTF8_CHARACTER.')*+/';

    /** What a value may start with, as the messages say it. */
    private const A_VALUE = 'a value (an object, a list, a string in double quotes, a number, true, false or null)';

    /**
     * @param int    $line    from 1
     * @param int    $column  from 1, in characters (as editors count them), a byte that is not UTF-8 counting one
     * @param string $problem what is wrong there, in words, printable whatever the document holds
     */
    public function __construct(
        public readonly int $line,
        public readonly int $column,
        public readonly string $problem,
    ) {
    }

    /** "line 3, column 5: expected ...". */
    public function describe(): string
    {
        return \sprintf('line %d, column %d: %s', $this->line, $this->column, $this->problem);
    }

    /** The first syntax error of $json, or null when its syntax is JSON's. */
    public static function locate(string $json): ?self
    {
        if (str_starts_with($json, "\xEF\xBB\xBF")) {
            return self::at($json, 0, 'the file starts with a byte order mark (the bytes EF BB BF), which JSON does '
                .'not allow: save it as UTF-8 without a BOM');
        }
        $length = \strlen($json);
        /** @var list<int> $open the offsets of the objects and lists open around $at, innermost last */
        $open = [];
        // What the grammar allows next: a value; a value or "]" (after "["); a key or "}" (after "{"); a key (after
        // "," in an object); ":"; what follows a value ("," or the closing bracket; the end at the top level).
        $state = 'value';
        // The offset of the comma just read: a closing bracket right after it is a trailing comma.
        $comma = null;
        $at = 0;
        while (true) {
            $at += strspn($json, " \t\n\r", $at);
            $char = $at < $length ? $json[$at] : null;
            if (null === $char && ([] !== $open || 'after' !== $state)) {
                return self::at($json, $at, self::expected($json, $state, $open).', found the end of the file'.(
                    [] === $open ? '' : \sprintf(
                        ' (the %s opened at %s is not closed)',
                        '{' === $json[end($open)] ? 'object' : 'list',
                        self::place($json, end($open)),
                    )
                ));
            }
            if (null === $char) {
                return null;
            }
            if (null !== $comma && ('}' === $char || ']' === $char)) {
                return self::at($json, $comma, \sprintf(
                    'a comma before "%s" (a trailing comma), which JSON does not allow: remove it',
                    $char,
                ));
            }
            $comma = null;
            if ('after' === $state) {
                if ([] === $open) {
                    return self::unexpected($json, $at, 'expected the end of the file after the value');
                }
                $top = $json[end($open)];
                if (',' === $char) {
                    $comma = $at++;
                    $state = '{' === $top ? 'key' : 'value';
                    continue;
                }
                if (('{' === $top && '}' === $char) || ('[' === $top && ']' === $char)) {
                    array_pop($open);
                    ++$at;
                    continue;
                }

                return self::unexpected($json, $at, self::expected($json, $state, $open));
            }
            if ('colon' === $state) {
                if (':' !== $char) {
                    return self::unexpected($json, $at, self::expected($json, $state, $open));
                }
                ++$at;
                $state = 'value';
                continue;
            }
            if (('first value' === $state && ']' === $char) || ('first key' === $state && '}' === $char)) {
                array_pop($open);
                ++$at;
                $state = 'after';
                continue;
            }
            if ('key' === $state || 'first key' === $state) {
                if ('"' !== $char) {
                    return self::unexpected($json, $at, self::expected($json, $state, $open));
                }
                $end = self::string($json, $at);
                if ($end instanceof self) {
                    return $end;
                }
                $at = $end;
                $state = 'colon';
                continue;
            }
            // A value.
            if ('{' === $char || '[' === $char) {
                if (\count($open) >= self::MAX_DEPTH) {
                    return null;
                }
                $open[] = $at++;
                $state = '{' === $char ? 'first key' : 'first value';
                continue;
            }
            $end = match (true) {
                '"' === $char => self::string($json, $at),
                '-' === $char || ctype_digit($char) => self::number($json, $at),
                ctype_alpha($char) => self::literal($json, $at),
                default => self::unexpected($json, $at, self::expected($json, $state, $open)),
            };
            if ($end instanceof self) {
                return $end;
            }
            $at = $end;
            $state = 'after';
        }
    }

    /**
     * What the grammar allows in $state, in words.
     *
     * @param list<int> $open
     */
    private static function expected(string $json, string $state, array $open): string
    {
        $closing = [] === $open ? '' : ('{' === $json[end($open)] ? '}' : ']');

        return match ($state) {
            'first value' => 'expected '.self::A_VALUE.' or "]"',
            'first key' => 'expected a key in double quotes or "}"',
            'key' => 'expected a key in double quotes',
            'colon' => 'expected ":" after the key',
            'after' => \sprintf('expected "," or "%s"', $closing),
            default => 'expected '.self::A_VALUE,
        };
    }

    /** The offset after the string that starts at $start (a double quote), or what is wrong in it. */
    private static function string(string $json, int $start): int|self
    {
        $length = \strlen($json);
        $at = $start + 1;
        while (true) {
            // Up to the next quote, escape, control character or byte that is not UTF-8, in one step.
            preg_match(self::PLAIN_RUN, $json, $run, 0, $at);
            $at += \strlen($run[0] ?? '');
            if ($at >= $length) {
                return self::at($json, $start, 'a string that is not closed: end it with a double quote');
            }
            $char = $json[$at];
            $byte = \ord($char);
            if ('"' === $char) {
                return $at + 1;
            }
            if ('\\' === $char) {
                $escape = self::escape($json, $at);
                if ($escape instanceof self) {
                    return $escape;
                }
                $at = $escape;
                continue;
            }
            if ($byte < 0x20) {
                return self::at($json, $at, \sprintf(
                    '%s inside the string opened at %s: %s',
                    self::found($json, $at),
                    self::place($json, $start),
                    "\n" === $char
                        ? 'end the string with a double quote before the line ends'
                        : \sprintf('write it as the escape \\u%04X', $byte),
                ));
            }
            $size = self::utf8Size($json, $at);
            if (null === $size) {
                return self::at($json, $at, \sprintf(
                    '%s inside the string opened at %s: save the file as UTF-8',
                    self::found($json, $at),
                    self::place($json, $start),
                ));
            }
            $at += $size;
        }
    }

    /** The offset after the escape at $at (a backslash in a string), or what is wrong with it. */
    private static function escape(string $json, int $at): int|self
    {
        $next = $json[$at + 1] ?? '';
        if ('' !== $next && str_contains('"\\/bfnrt', $next)) {
            return $at + 2;
        }
        if ('u' !== $next) {
            return self::at($json, $at, \sprintf(
                'an escape JSON does not have (%s): JSON has \\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\u'
                .' followed by four hex digits; write a backslash as \\\\',
                '' === $next ? 'a backslash at the end of the file' : '\\'.self::shown($json, $at + 1),
            ));
        }
        $unit = self::unit($json, $at);
        if (null === $unit) {
            return self::at($json, $at, '\\u is not followed by four hex digits');
        }
        if ($unit < 0xD800 || $unit > 0xDFFF) {
            return $at + 6;
        }
        $low = $unit <= 0xDBFF ? self::unit($json, $at + 6) : null;
        if (null === $low || $low < 0xDC00 || $low > 0xDFFF) {
            return self::at($json, $at, \sprintf(
                '\\u%04X is half of a UTF-16 surrogate pair without its other half: write the character itself',
                $unit,
            ));
        }

        return $at + 12;
    }

    /** The code unit of the \uXXXX escape at $at, or null when there is none there. */
    private static function unit(string $json, int $at): ?int
    {
        $hex = substr($json, $at + 2, 4);

        return '\\u' === substr($json, $at, 2) && 4 === \strlen($hex) && ctype_xdigit($hex) ? (int) hexdec($hex) : null;
    }

    /** The offset after the number at $at, or what is wrong with it. */
    private static function number(string $json, int $at): int|self
    {
        $matched = preg_match('/\G-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/', $json, $match, 0, $at);
        $end = 1 === $matched ? $at + \strlen($match[0]) : $at;
        if ($end === $at || 1 === preg_match('/\G[0-9.eE+\-]/', $json, $more, 0, $end)) {
            $written = 1 === preg_match('/\G[0-9a-zA-Z.+\-]{1,40}/', $json, $whole, 0, $at) ? $whole[0] : '-';

            return self::at($json, $at, \sprintf(
                'a number as JSON does not write it (%s): no leading zeros, no "+", digits on both sides of "."',
                $written,
            ));
        }

        return $end;
    }

    /** The offset after true, false or null at $at, or what is wrong there. */
    private static function literal(string $json, int $at): int|self
    {
        preg_match('/\G[A-Za-z0-9_]{1,40}/', $json, $match, 0, $at);
        $word = $match[0] ?? '';
        if (\in_array($word, ['true', 'false', 'null'], true)) {
            return $at + \strlen($word);
        }
        $problem = match (true) {
            \in_array(strtolower($word), ['true', 'false', 'null'], true) => 'JSON writes true, false and null in '
                .'lower case',
            \in_array(strtolower($word), ['nan', 'infinity'], true) => 'JSON has no NaN nor Infinity',
            default => 'a string takes double quotes',
        };

        return self::at($json, $at, \sprintf('expected %s, found "%s": %s', self::A_VALUE, $word, $problem));
    }

    private static function unexpected(string $json, int $at, string $expected): self
    {
        $hint = match ($json[$at] ?? '') {
            '\'' => ': a string takes double quotes, not single ones',
            '/', '#' => ': JSON has no comments',
            default => '',
        };

        return self::at($json, $at, $expected.', found '.self::found($json, $at).$hint);
    }

    /** The character at $at, in words that print whatever it is. */
    private static function found(string $json, int $at): string
    {
        $byte = \ord($json[$at]);
        if ($byte < 0x20 || 0x7F === $byte) {
            return \sprintf('the control character U+%04X%s', $byte, 0x0A === $byte ? ' (a line break)' : '');
        }
        if ($byte < 0x80) {
            return '"' === $json[$at] ? 'a double quote' : '"'.$json[$at].'"';
        }
        $size = self::utf8Size($json, $at);

        return null === $size
            ? \sprintf('the byte 0x%02X, which is not UTF-8', $byte)
            : \sprintf('the character U+%04X', self::codePoint($json, $at, $size));
    }

    /** The byte or character at $at, shown in a message: printable ASCII as it is, anything else by number. */
    private static function shown(string $json, int $at): string
    {
        $byte = \ord($json[$at]);

        return $byte > 0x20 && $byte < 0x7F ? $json[$at] : \sprintf('0x%02X', $byte);
    }

    /** The length of the UTF-8 character that starts at $at (a byte over 0x7F), or null when it is not UTF-8. */
    private static function utf8Size(string $json, int $at): ?int
    {
        return 1 === preg_match('/\G'.self::UTF8_CHARACTER.'/', $json, $match, 0, $at) ? \strlen($match[0]) : null;
    }

    /** The code point of the valid UTF-8 character of $size bytes at $at. */
    private static function codePoint(string $json, int $at, int $size): int
    {
        $point = \ord($json[$at]) & [2 => 0x1F, 3 => 0x0F, 4 => 0x07][$size];
        for ($i = 1; $i < $size; ++$i) {
            $point = ($point << 6) | (\ord($json[$at + $i]) & 0x3F);
        }

        return $point;
    }

    /** "line 2, column 7", of the offset $at. */
    private static function place(string $json, int $at): string
    {
        $error = self::at($json, $at, '');

        return \sprintf('line %d, column %d', $error->line, $error->column);
    }

    private static function at(string $json, int $at, string $problem): self
    {
        $before = substr($json, 0, $at);
        $lineStart = strrpos($before, "\n");
        $line = substr($before, false === $lineStart ? 0 : $lineStart + 1);
        // A character is counted by its first byte: every byte but UTF-8's continuation bytes (10xxxxxx).
        $continuations = preg_match_all('/[\x80-\xBF]/', $line);

        return new self(
            substr_count($before, "\n") + 1,
            \strlen($line) - (int) $continuations + 1,
            $problem,
        );
    }
}
