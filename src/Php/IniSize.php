<?php

declare(strict_types=1);

namespace Preheat\Php;

/** php.ini sizes ("128M", "1G", "-1") as bytes, and back. */
final class IniSize
{
    /** @return int|null null for unlimited (-1) */
    public static function bytes(string $value): ?int
    {
        $value = trim($value);
        if ('' === $value || str_starts_with($value, '-')) {
            return null;
        }
        $number = (int) $value;

        return match (strtoupper(substr($value, -1))) {
            'G' => $number * 1073741824,
            'M' => $number * 1048576,
            'K' => $number * 1024,
            default => $number,
        };
    }

    /** Megabytes, rounded up to a round number a person would write in php.ini (a multiple of 32). */
    public static function roundMegabytes(int $bytes): int
    {
        return max(32, (int) ceil($bytes / 1048576 / 32) * 32);
    }
}
