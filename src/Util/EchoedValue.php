<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * A value the user gave, as an error message shows it back: a string in quotes, anything else as JSON, in
 * display form (DisplayString) and cut to a bounded length. A message names the value to help find it; a
 * 60 MB value copied whole would bury the message and fill the terminal or the log it goes to.
 */
final class EchoedValue
{
    /** Characters of a value shown; the rest is left out, and its size said. */
    public const MAX_CHARS = 200;

    /** `"text"`, `{"a":1}`, or `"aaaa…" (62914560 bytes)` when longer than MAX_CHARS. */
    public static function of(mixed $value): string
    {
        if (\is_string($value)) {
            return '"'.self::cut($value).'"'.self::size($value);
        }
        $json = json_encode($value, \JSON_PARTIAL_OUTPUT_ON_ERROR);
        $json = false === $json ? get_debug_type($value) : $json;

        return self::cut($json).self::size($json);
    }

    /** The text itself, in display form, cut to MAX_CHARS (an ellipsis marks the cut); no quotes, no size. */
    public static function cut(string $text): string
    {
        if (\strlen($text) <= self::MAX_CHARS) {
            return DisplayString::of($text);
        }
        // Cut on bytes, then drop up to three bytes of a UTF-8 sequence the cut left incomplete.
        $head = substr($text, 0, self::MAX_CHARS);
        for ($dropped = 0; $dropped < 3 && 1 !== preg_match('//u', $head); ++$dropped) {
            $head = substr($head, 0, -1);
        }

        return DisplayString::of(1 === preg_match('//u', $head) ? $head : substr($text, 0, self::MAX_CHARS)).'…';
    }

    /** " (N bytes)" after a value that was cut, else nothing. */
    private static function size(string $text): string
    {
        return \strlen($text) <= self::MAX_CHARS ? '' : \sprintf(' (%d bytes)', \strlen($text));
    }
}
