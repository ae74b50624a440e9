<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Util\DisplayString;

/**
 * JSON for reports: never a silent failure (JSON_THROW_ON_ERROR), and names or paths that are not
 * valid UTF-8 in DisplayString's lossless form instead of breaking the whole document.
 */
final class Json
{
    public static function encode(mixed $data): string
    {
        return json_encode(
            DisplayString::deep($data),
            \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES | \JSON_UNESCAPED_UNICODE | \JSON_THROW_ON_ERROR,
        );
    }
}
