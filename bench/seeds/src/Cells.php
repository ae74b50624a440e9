<?php

declare(strict_types=1);

namespace Preheat\Seeds;

/** How the seeds tables print numbers: thousands separators, a median with its min–max, milliseconds, megabytes. */
final class Cells
{
    public const NONE = '—';

    public static function spread(?Spread $spread, int $decimals = 0): string
    {
        if (null === $spread) {
            return self::NONE;
        }
        if (1 === $spread->count) {
            return self::number($spread->median, $decimals);
        }

        return \sprintf('%s (%s–%s)', self::number($spread->median, $decimals), self::number($spread->min, $decimals), self::number($spread->max, $decimals));
    }

    public static function number(float $value, int $decimals = 0): string
    {
        return number_format($value, $decimals, '.', ',');
    }

    /** Latency: one decimal under 10 ms (wrk's resolution), whole milliseconds above and where the tool gave whole ones. */
    public static function ms(?float $ms): string
    {
        if (null === $ms) {
            return self::NONE;
        }

        // ab prints whole milliseconds: keep them whole.
        return $ms < 10 && floor($ms) !== $ms ? number_format($ms, 1, '.', ',') : number_format($ms, 0, '.', ',');
    }

    public static function megabytes(?int $bytes): string
    {
        return null === $bytes ? self::NONE : number_format($bytes / 1048576, 1, '.', ',').' MB';
    }

    /** Memory before the runs and at their peak, e.g. "12.1 → 12.4 MB". */
    public static function memoryRange(?int $idle, ?int $peak): string
    {
        if (null === $idle && null === $peak) {
            return self::NONE;
        }
        if (null === $idle || null === $peak) {
            return self::megabytes($idle ?? $peak);
        }

        return number_format($idle / 1048576, 1, '.', ',').' → '.self::megabytes($peak);
    }

    /** CPU as a share of one core, e.g. "97%" (wrk's two threads can pass 100%). */
    public static function coreShare(?float $share): string
    {
        return null === $share ? self::NONE : number_format(100 * $share, 0, '.', ',').'%';
    }

    /** Failed requests out of those sent, e.g. "0 / 30,000" or "144 / 10,000". */
    public static function failures(Repeats $repeats): string
    {
        return self::number($repeats->failures()).' / '.self::number($repeats->sent());
    }
}
