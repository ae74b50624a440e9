<?php

declare(strict_types=1);

namespace Preheat\Config;

/** A length of time as users write it: 240, 240s, 4m, 1m30s, 1.5m, 1h (a bare number is seconds). */
final class Duration
{
    private const UNITS = ['h' => 3600.0, 'm' => 60.0, 's' => 1.0];

    /** @return float|null seconds; null when the text is not a duration */
    public static function seconds(string $text): ?float
    {
        $text = strtolower(trim($text));
        if (is_numeric($text)) {
            return (float) $text;
        }
        if (!preg_match('/^(?:\d+(?:\.\d+)?\s*[hms]\s*)+$/', $text)) {
            return null;
        }
        preg_match_all('/(\d+(?:\.\d+)?)\s*([hms])/', $text, $parts, \PREG_SET_ORDER);
        $units = array_column($parts, 2);
        // Each unit once, largest first: "30s1m" or "1m1m" is more likely a typo than a sum.
        if ($units !== array_values(array_unique($units)) || $units !== array_values(array_intersect(
            array_keys(self::UNITS),
            $units,
        ))) {
            return null;
        }

        return array_sum(array_map(static fn (array $part): float => (float) $part[1] * self::UNITS[$part[2]], $parts));
    }

    /** 240.0 → "240 s", 250.5 → "4 min 10.5 s": for reports. */
    public static function format(float $seconds): string
    {
        $seconds = round($seconds, 1);
        if ($seconds < 60.0) {
            return \sprintf('%s s', self::number($seconds));
        }
        $minutes = (int) floor($seconds / 60.0);
        $rest = $seconds - 60.0 * $minutes;

        return $rest < 0.05 ? \sprintf('%d min', $minutes) : \sprintf('%d min %s s', $minutes, self::number($rest));
    }

    private static function number(float $seconds): string
    {
        return rtrim(rtrim(number_format($seconds, 1, '.', ''), '0'), '.');
    }
}
