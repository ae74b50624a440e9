<?php

declare(strict_types=1);

namespace Preheat\Server;

use Symfony\Component\Process\ExecutableFinder;

/**
 * Finds a server's binary: a path as given, or a name on the PATH and in the sbin directories where Debian puts
 * servers.
 */
final class ServerBinary
{
    /** @throws RuntimeError naming the Debian package to install when it is not there */
    public static function find(string $name, string $package): string
    {
        $path = str_contains(
            $name,
            '/',
        ) ? (is_executable($name) ? $name : null) : (new ExecutableFinder())->find(
            $name,
            null,
            ['/usr/sbin', '/usr/local/sbin', '/sbin'],
        );
        if (null === $path) {
            throw RuntimeError::missingBinary($name, $package);
        }

        return $path;
    }
}
