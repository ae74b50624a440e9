<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\InvalidSetting;
use Preheat\Setting;

/** A scenario's own directory, handed to the user PHP's workers run as: they read its files and write its logs. */
final class ScenarioDirectory
{
    public static function handOver(string $directory, string $user): void
    {
        $entry = posix_getpwnam($user);
        if (false === $entry) {
            throw InvalidSetting::because(Setting::PoolUser, \sprintf('User %s (php-fpm\'s pool user) does not exist: give the pool\'s user, with bench.phpIni pointing at its php.ini.', $user));
        }
        $paths = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($directory, \FilesystemIterator::SKIP_DOTS), \RecursiveIteratorIterator::SELF_FIRST);
        foreach ([$directory, ...array_keys(iterator_to_array($paths))] as $path) {
            if (!is_link((string) $path)) {
                @chown((string) $path, $entry['uid']);
                @chgrp((string) $path, $entry['gid']);
            }
        }
    }

    /** The group of $user, by name (the user's name when the system does not say). */
    public static function groupOf(string $user): string
    {
        return posix_getgrgid((int) (posix_getpwnam($user)['gid'] ?? 0))['name'] ?? $user;
    }
}
