<?php

declare(strict_types=1);

namespace Preheat\Seeds;

/** Reads what `wrk --latency` prints: requests, bytes, latency distribution (50/75/90/99%), errors. */
final class WrkOutput
{
    public static function parse(string $stdout, string $stderr): Measurement
    {
        if (!preg_match('/^\s*(\d+) requests in ([\d.]+)(us|ms|s|m|h), ([\d.]+)(B|KB|MB|GB|TB) read/m', $stdout, $total)
            || !preg_match('/^Requests\/sec:\s+([\d.]+)/m', $stdout, $rate)) {
            $reason = trim(strtok(trim($stderr."\n".$stdout), "\n") ?: '');

            return Measurement::broken('wrk', 0, '' === $reason ? 'wrk printed no result' : $reason);
        }
        $percentiles = [];
        if (preg_match('/Latency Distribution\n((?:\s+\d+%\s+[\d.]+\w+\n?)+)/', $stdout, $distribution)) {
            preg_match_all('/(\d+)%\s+([\d.]+)(us|ms|s|m|h)/', $distribution[1], $rows, \PREG_SET_ORDER);
            foreach ($rows as $row) {
                $percentiles[(int) $row[1]] = self::milliseconds((float) $row[2], $row[3]);
            }
        }
        $max = preg_match('/^\s+Latency\s+[\d.]+\w+\s+[\d.]+\w+\s+([\d.]+)(us|ms|s|m|h)/m', $stdout, $latency) ? self::milliseconds((float) $latency[1], $latency[2]) : null;
        $socketErrors = 0;
        if (preg_match('/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/', $stdout, $errors)) {
            $socketErrors = (int) $errors[1] + (int) $errors[2] + (int) $errors[3] + (int) $errors[4];
        }
        $non2xx = preg_match('/Non-2xx or 3xx responses: (\d+)/', $stdout, $m) ? (int) $m[1] : 0;
        $requests = (int) $total[1];
        $seconds = self::milliseconds((float) $total[2], $total[3]) / 1000;

        return new Measurement(
            'wrk',
            $requests,
            $seconds,
            (float) $rate[1],
            null,
            $percentiles,
            $max,
            $socketErrors,
            $non2xx,
            (int) round((float) $total[4] * match ($total[5]) {
                'KB' => 1024, 'MB' => 1024 ** 2, 'GB' => 1024 ** 3, 'TB' => 1024 ** 4, default => 1,
            }),
        );
    }

    private static function milliseconds(float $value, string $unit): float
    {
        return $value * match ($unit) {
            'us' => 0.001, 's' => 1000.0, 'm' => 60000.0, 'h' => 3600000.0, default => 1.0,
        };
    }
}
