<?php

declare(strict_types=1);

namespace Preheat\Php\Fpm;

/**
 * What `php-fpm -tt` prints: the effective configuration as NOTICE lines, "[global]", then for each pool
 * "[name]" and a tab-indented `name = value` per directive ("undefined" for none), and "configuration
 * file X test is successful" when it checked out (the same on 8.2 and 8.4).
 */
final class FpmDump
{
    /** @return array<string, array<string, string>>|null pool => directive => value; null when the test failed */
    public static function parse(string $output): ?array
    {
        if (1 !== preg_match('{configuration file \S+ test is successful}', $output)) {
            return null;
        }
        $pools = [];
        $section = null;
        foreach (preg_split('{\r?\n}', $output) ?: [] as $line) {
            if (1 !== preg_match('{NOTICE: (\t?)(.*)$}', $line, $m)) {
                continue;
            }
            if ('' === $m[1] && 1 === preg_match('{^\[([^\]]+)\]\s*$}', $m[2], $s)) {
                $section = 'global' === $s[1] ? null : $s[1];
                if (null !== $section) {
                    $pools[$section] = [];
                }
                continue;
            }
            if (null === $section || "\t" !== $m[1] || 1 !== preg_match('{^(\S+) = (.*)$}', $m[2], $d)) {
                continue;
            }
            if ('undefined' !== $d[2] && 'unknown value' !== $d[2]) {
                $pools[$section][$d[1]] = $d[2];
            }
        }

        return $pools;
    }
}
