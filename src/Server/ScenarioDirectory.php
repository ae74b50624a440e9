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
            $error = InvalidSetting::because(
                Setting::PoolUser,
                \sprintf(
                    'User %s (php-fpm\'s pool user) does not exist: give the pool\'s user, with bench.phpIni'
                    .' pointing at its php.ini.',
                    $user,
                ),
            );
            throw $error;
        }
        $paths = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator($directory, \FilesystemIterator::SKIP_DOTS),
            \RecursiveIteratorIterator::SELF_FIRST,
        );
        foreach ([$directory, ...array_keys(iterator_to_array($paths))] as $path) {
            if (!is_link((string) $path)) {
                @chown((string) $path, $entry['uid']);
                @chgrp((string) $path, $entry['gid']);
            }
        }
    }

    /**
     * Closes the directory to everyone but its owner (the pool's user, or whoever runs the bench): its
     * configurations name the status pages' random prefix, which must stay unknown to the other users
     * of the machine. The servers' masters run as root or as the owner, their workers as the owner.
     */
    public static function keepPrivate(string $directory): void
    {
        if (!@chmod($directory, 0700)) {
            throw RuntimeError::cannotKeepPrivate($directory);
        }
    }

    /** The group of $user, by name (the user's name when the system does not say). */
    public static function groupOf(string $user): string
    {
        return posix_getgrgid((int) (posix_getpwnam($user)['gid'] ?? 0))['name'] ?? $user;
    }
}
