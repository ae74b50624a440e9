<?php

declare(strict_types=1);

namespace Preheat\Util;

/** A file's owner, group and mode as messages name them, for a user who must change them. */
final class FileOwnership
{
    /** @param array<int|string, int> $stat what stat() returned */
    public static function describe(array $stat): string
    {
        return \sprintf(
            'owner %s, group %s, mode %04o',
            self::owner((int) $stat['uid']),
            self::group((int) $stat['gid']),
            (int) $stat['mode'] & 0o7777,
        );
    }

    /** The user's name, else the number. */
    public static function owner(int $uid): string
    {
        $entry = \function_exists('posix_getpwuid') ? posix_getpwuid($uid) : false;

        return false === $entry ? (string) $uid : $entry['name'];
    }

    /** The group's name, else the number. */
    public static function group(int $gid): string
    {
        $entry = \function_exists('posix_getgrgid') ? posix_getgrgid($gid) : false;

        return false === $entry ? (string) $gid : $entry['name'];
    }
}
