<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Util\DisplayString;

/**
 * JSON for reports: never a silent failure (JSON_THROW_ON_ERROR), and names or paths that are not
 * valid UTF-8 in DisplayString's lossless form instead of breaking the whole document.
 *
 * Control characters keep their value: a JSON reader gets the name back exactly. They are written as JSON
 * escapes, never raw, so that the document printed on a terminal cannot drive it: json_encode() escapes C0
 * controls (ESC as \u001b) and the line separators itself; the C1 controls (CSI, U+009B, which a terminal may
 * take for ESC [) and the bidirectional overrides, which JSON_UNESCAPED_UNICODE would write raw, are escaped here.
 */
final class Json
{
    /** What json_encode() writes raw under JSON_UNESCAPED_UNICODE, and a terminal acts on. */
    private const RAW_CONTROL = '{[\x{7F}-\x{9F}\x{202A}-\x{202E}\x{2066}-\x{2069}]}u';

    public static function encode(mixed $data): string
    {
        $json = json_encode(
            DisplayString::deep($data),
            \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES | \JSON_UNESCAPED_UNICODE | \JSON_THROW_ON_ERROR,
        );

        // Outside strings JSON is ASCII: each of these is inside a string, where \uXXXX means the same character.
        return (string) preg_replace_callback(
            self::RAW_CONTROL,
            static fn (array $m): string => \sprintf('\\u%04x', mb_ord($m[0], 'UTF-8')),
            $json,
        );
    }
}
