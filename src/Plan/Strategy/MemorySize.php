<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

use Preheat\InvalidSetting;
use Preheat\Setting;

/** A memory size as users write it: 12M, 500K, 1G, or plain bytes. */
final class MemorySize
{
    public static function parse(string $value): int
    {
        if (!preg_match('/^\s*(\d+(?:\.\d+)?)\s*([KMG]?)B?\s*$/i', $value, $match)) {
            $error = InvalidSetting::because(
                Setting::Budget,
                \sprintf(
                    'The memory budget %s is not a size: write bytes or a number with K, M or G, e.g. 12M, or auto.',
                    $value,
                ),
            );
            throw $error;
        }
        $bytes = (float) $match[1] * match (strtoupper($match[2])) {
            'K' => 1024,
            'M' => 1048576,
            'G' => 1073741824,
            default => 1,
        };
        if ($bytes < 1) {
            throw InvalidSetting::because(Setting::Budget, \sprintf('The memory budget %s is too small.', $value));
        }

        return (int) $bytes;
    }

    public static function format(int $bytes): string
    {
        return $bytes >= 1048576 ? \sprintf('%.1f MB', $bytes / 1048576) : \sprintf('%.0f KB', $bytes / 1024);
    }
}
