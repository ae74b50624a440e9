<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * A lossless, printable form of names and paths, which PHP allows to hold any byte. A string that is
 * valid UTF-8 and holds no backslash followed by "x" and two hex digits is shown as it is. Any other
 * string is shown with each backslash doubled and each byte that is not part of valid UTF-8 as \xHH
 * (class \xA9 is shown as "\xA9", the namespaced Foo\Bar plus byte A9 as "Foo\\Bar\xA9"). So a shown
 * string holding "\x" and two hex digits is in that escaped form, and decode() gives the bytes back.
 */
final class DisplayString
{
    private const HEX_ESCAPE = '{\\\\x[0-9A-Fa-f]{2}}';

    /** One well-formed UTF-8 sequence at the offset: no overlong form, no surrogate, nothing above U+10FFFF. */
    private const UTF8_SEQUENCE = '{\G(?:[\x00-\x7F]|[\xC2-\xDF][\x80-\xBF]|\xE0[\xA0-\xBF][\x80-\xBF]'
        .'|[\xE1-\xEC\xEE\xEF][\x80-\xBF]{2}|\xED[\x80-\x9F][\x80-\xBF]|\xF0[\x90-\xBF][\x80-\xBF]{2}'
        .'|[\xF1-\xF3][\x80-\xBF]{3}|\xF4[\x80-\x8F][\x80-\xBF]{2})}';

    public static function of(string $bytes): string
    {
        if (preg_match('//u', $bytes) && !preg_match(self::HEX_ESCAPE, $bytes)) {
            return $bytes;
        }
        $shown = '';
        $offset = 0;
        $length = \strlen($bytes);
        while ($offset < $length) {
            // The longest valid UTF-8 sequence at this offset, else one byte escaped.
            if (preg_match(self::UTF8_SEQUENCE, $bytes, $match, 0, $offset)) {
                $shown .= '\\' === $match[0] ? '\\\\' : $match[0];
                $offset += \strlen($match[0]);
            } else {
                $shown .= \sprintf('\\x%02X', \ord($bytes[$offset]));
                ++$offset;
            }
        }

        return $shown;
    }

    public static function decode(string $shown): string
    {
        if (!preg_match(self::HEX_ESCAPE, $shown)) {
            return $shown;
        }

        return (string) preg_replace_callback(
            '{\\\\(\\\\|x[0-9A-Fa-f]{2})}',
            static fn (array $m): string => '\\' === $m[1] ? '\\' : \chr((int) hexdec(substr($m[1], 1))),
            $shown,
        );
    }

    /** Every string in a structure (keys too) in display form: what JSON output encodes. */
    public static function deep(mixed $value): mixed
    {
        if (\is_string($value)) {
            return self::of($value);
        }
        if (!\is_array($value)) {
            return $value;
        }
        $shown = [];
        foreach ($value as $key => $item) {
            $shown[\is_string($key) ? self::of($key) : $key] = self::deep($item);
        }

        return $shown;
    }
}
