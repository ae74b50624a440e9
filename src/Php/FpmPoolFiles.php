<?php

declare(strict_types=1);

namespace Preheat\Php;

use Preheat\Php\Fpm\FpmConfigError;
use Preheat\Php\Fpm\FpmConfigReader;
use Preheat\Php\Fpm\FpmConfiguration;

/**
 * php-fpm's configuration in one directory, for the stages that have a directory rather than a running
 * PHP to ask: its php-fpm.conf with what that includes (Debian's /etc/php/X.Y/fpm, the official image's
 * /usr/local/etc, RHEL's /etc), else the pool.d/*.conf there; and the one fact several stages need from it:
 * the user the workers run as.
 */
final class FpmPoolFiles
{
    /**
     * The directories php-fpm's layouts keep php-fpm.conf in: Debian's (newest PHP first), the image's, RHEL's,
     * Remi's.
     *
     * @return list<string>
     */
    public static function layoutDirectories(): array
    {
        return [
            ...array_reverse(glob('/etc/php/*/fpm', \GLOB_ONLYDIR) ?: []),
            '/usr/local/etc',
            '/etc',
            ...array_reverse(glob('/etc/opt/remi/php*', \GLOB_ONLYDIR) ?: []),
        ];
    }

    /** The configuration in $fpmConfigDirectory; null when there is none (or it cannot be read). */
    public static function configuration(string $fpmConfigDirectory): ?FpmConfiguration
    {
        $directory = rtrim($fpmConfigDirectory, '/');
        try {
            if (is_file($directory.'/php-fpm.conf')) {
                return (new FpmConfigReader())->read($directory.'/php-fpm.conf', $directory);
            }
            $pools = glob($directory.'/pool.d/*.conf') ?: [];
            sort($pools);

            return [] === $pools ? null : (new FpmConfigReader())->readPools($pools, $directory.'/pool.d');
        } catch (FpmConfigError) {
            return null;
        }
    }

    /**
     * The first `user =` of the pools configured in $fpmConfigDirectory: the user php-fpm's workers run as.
     *
     * @return array{string, string}|null the user, and the file that names it
     */
    public static function firstUser(string $fpmConfigDirectory): ?array
    {
        $user = self::configuration($fpmConfigDirectory)?->firstUser();

        return null === $user ? null : [$user->value, (string) $user->file];
    }
}
