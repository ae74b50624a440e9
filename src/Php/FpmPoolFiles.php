<?php

declare(strict_types=1);

namespace Preheat\Php;

/**
 * The pool files of one php-fpm configuration directory (pool.d/*.conf, in name order, as php-fpm's
 * `include` reads them) and the one fact several stages need from them: the user the workers run as.
 */
final class FpmPoolFiles
{
    /** @return list<string> */
    public static function in(string $fpmConfigDirectory): array
    {
        $pools = glob(rtrim($fpmConfigDirectory, '/').'/pool.d/*.conf') ?: [];
        sort($pools);

        return $pools;
    }

    /**
     * The first `user =` of the pools in $fpmConfigDirectory: the user php-fpm's workers run as.
     *
     * @return array{string, string}|null the user, and the pool file that names it
     */
    public static function firstUser(string $fpmConfigDirectory): ?array
    {
        foreach (self::in($fpmConfigDirectory) as $pool) {
            $contents = (string) @file_get_contents($pool);
            if (1 === preg_match('{^[ \t]*user[ \t]*=[ \t]*"?([^"\s;]+)}m', $contents, $match)) {
                return [$match[1], $pool];
            }
        }

        return null;
    }
}
