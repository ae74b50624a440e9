<?php

declare(strict_types=1);

namespace Preheat\Seeds;

/** Reads what ApacheBench prints: counts, throughput, failures and its table of percentiles (50% … 100%). */
final class AbOutput
{
    /** @param int $requested the -n the run was given, all counted as failed when ab printed no result */
    public static function parse(string $stdout, string $stderr, int $requested): Measurement
    {
        $number = static fn (string $label): ?float => preg_match('/^'.preg_quote($label, '/').':\s+([\d.]+)/m', $stdout, $m) ? (float) $m[1] : null;
        $complete = $number('Complete requests');
        $seconds = $number('Time taken for tests');
        if (null === $complete || null === $seconds) {
            return Measurement::broken('ab', $requested, self::reason($stderr, $stdout));
        }
        $percentiles = [];
        preg_match_all('/^\s*(\d+)%\s+(\d+)/m', $stdout, $rows, \PREG_SET_ORDER);
        foreach ($rows as $row) {
            $percentiles[(int) $row[1]] = (float) $row[2];
        }
        $max = $percentiles[100] ?? null;
        unset($percentiles[100]);
        // ab's "Failed requests" counts connect, receive (with -r), length and exception failures; answers
        // that were not 2xx are counted apart ("Non-2xx responses").

        return new Measurement(
            'ab',
            (int) $complete,
            $seconds,
            (float) $number('Requests per second'),
            $number('Time per request'),
            $percentiles,
            $max,
            (int) $number('Failed requests'),
            (int) $number('Non-2xx responses'),
            (int) $number('Total transferred'),
        );
    }

    private static function reason(string $stderr, string $stdout): string
    {
        // ab prints why it stopped on stderr ("apr_socket_recv: Connection refused (111)"), else after "(be patient)..." on stdout.
        foreach ([$stderr, $stdout] as $output) {
            $lines = array_map(static fn (string $line): string => trim((string) preg_replace('/^Benchmarking \S+ \(be patient\)\.*/', '', $line)), explode("\n", $output));
            foreach (array_reverse($lines) as $line) {
                if (preg_match('/^(apr_|ab: )|error|refused|timeout|timed out/i', $line)) {
                    return $line;
                }
            }
        }

        return 'ab printed no result';
    }
}
