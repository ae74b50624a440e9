<?php

declare(strict_types=1);

namespace Preheat\Report;

/** Number formats shared by the renderers. */
final class Format
{
    public static function megabytes(int $bytes): string
    {
        return \sprintf('%.2f MB', $bytes / 1048576);
    }

    public static function seconds(float $seconds): string
    {
        return $seconds < 1 ? \sprintf('%.0f ms', $seconds * 1000) : \sprintf('%.2f s', $seconds);
    }
}
