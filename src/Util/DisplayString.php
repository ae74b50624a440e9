<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * A lossless, printable form of names and paths, which PHP allows to hold any byte. A string that is
 * valid UTF-8, holds no control character and no backslash followed by "x" and two hex digits is shown as
 * it is. Any other string is shown with each backslash doubled and each byte that is not part of valid
 * UTF-8, or is part of a control character, as \xHH (class \xA9 is shown as "\xA9", the namespaced
 * Foo\Bar plus byte A9 as "Foo\\Bar\xA9", a file named ESC]0;x BEL as "\x1B]0;x\x07"). So a shown
 * string holding "\x" and two hex digits is in that escaped form, and decode() gives the bytes back.
 *
 * Control characters are what a terminal acts on (ESC starts a sequence that sets the title or clears the
 * screen, CR overwrites a line) and what line-based readers split lines at (CR, VT, FF, NEL, LS and PS for
 * Python's str.splitlines(), which Prometheus' parser uses), so a shown string never holds one; nor the
 * bidirectional overrides, which make a terminal show text in another order than it is.
 */
final class DisplayString
{
    private const HEX_ESCAPE = '{\\\\x[0-9A-Fa-f]{2}}';

    /** One well-formed UTF-8 sequence at the offset: no overlong form, no surrogate, nothing above U+10FFFF. */
    private const UTF8_SEQUENCE = '{\G(?:[\x00-\x7F]|[\xC2-\xDF][\x80-\xBF]|\xE0[\xA0-\xBF][\x80-\xBF]'
        .'|[\xE1-\xEC\xEE\xEF][\x80-\xBF]{2}|\xED[\x80-\x9F][\x80-\xBF]|\xF0[\x90-\xBF][\x80-\xBF]{2}'
        .'|[\xF1-\xF3][\x80-\xBF]{3}|\xF4[\x80-\x8F][\x80-\xBF]{2})}';

    /** C0 and C1 controls, DEL, the line and paragraph separators, the bidirectional embeddings and isolates. */
    private const CONTROL = '{[\x{00}-\x{1F}\x{7F}-\x{9F}\x{2028}-\x{202E}\x{2066}-\x{2069}]}u';

    /** The same but the line feed and the tab, which a text of lines holds. */
    private const CONTROL_IN_TEXT = '{[\x{00}-\x{08}\x{0B}-\x{1F}\x{7F}-\x{9F}\x{2028}-\x{202E}\x{2066}-\x{2069}]}u';

    public static function of(string $bytes): string
    {
        return self::shown($bytes, self::CONTROL, true);
    }

    /**
     * A text of lines (a message, a report's line) with each control character but the line feed and the tab,
     * and each byte that is not UTF-8, as \xHH; backslashes as they are, so not lossless: what is printed of
     * a text whose names and paths may not have gone through of(), so that none reaches a terminal raw.
     */
    public static function controlsEscaped(string $text): string
    {
        return self::shown($text, self::CONTROL_IN_TEXT, false);
    }

    /**
     * Every string in a structure (keys too) in the form JSON output encodes: as of(), except that control
     * characters stay as they are, since JSON escapes them itself (\u001b) and its readers get them back.
     */
    public static function deep(mixed $value): mixed
    {
        if (\is_string($value)) {
            return self::shown($value, null, true);
        }
        if (!\is_array($value)) {
            return $value;
        }
        $shown = [];
        foreach ($value as $key => $item) {
            $shown[\is_string($key) ? self::shown($key, null, true) : $key] = self::deep($item);
        }

        return $shown;
    }

    /**
     * @param string|null $controls the control characters to escape (null: none)
     * @param bool        $lossless backslashes doubled once anything is escaped, so that decode() gives the bytes back
     */
    private static function shown(string $bytes, ?string $controls, bool $lossless): string
    {
        if (preg_match('//u', $bytes) && (!$lossless || !preg_match(self::HEX_ESCAPE, $bytes))
            && (null === $controls || !preg_match($controls, $bytes))) {
            return $bytes;
        }
        $shown = '';
        $offset = 0;
        $length = \strlen($bytes);
        while ($offset < $length) {
            // The longest valid UTF-8 sequence at this offset, else one byte escaped.
            if (preg_match(self::UTF8_SEQUENCE, $bytes, $match, 0, $offset)) {
                $shown .= match (true) {
                    $lossless && '\\' === $match[0] => '\\\\',
                    null !== $controls && 1 === preg_match($controls, $match[0]) => self::hex($match[0]),
                    default => $match[0],
                };
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

    private static function hex(string $bytes): string
    {
        return implode(
            '',
            array_map(static fn (string $byte): string => \sprintf('\\x%02X', \ord($byte)), str_split($bytes)),
        );
    }
}
