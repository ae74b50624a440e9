<?php

declare(strict_types=1);

namespace Preheat\Php;

use Preheat\Php\Fpm\FpmConfigReader;

/**
 * The user php-fpm's workers run as (the pool's `user =`, www-data on Debian): the one that must be
 * able to read the files it preloads and to write the recorder's store and buffer directory.
 */
final class PoolUser
{
    public const DEFAULT = 'www-data';

    /** @param list<int> $groups every group the user is in, its primary group too */
    public function __construct(
        public readonly string $name,
        public readonly int $uid,
        public readonly int $gid,
        public readonly array $groups,
    ) {
    }

    /**
     * The user php-fpm's pools run as: the first `user =` of the configuration named ($fpmConfig, php-fpm's main
     * file), else of the first layout directory that has one (php-fpm.conf and what it includes, else pool.d/*.conf),
     * else www-data.
     *
     * @param list<string>|null $fpmConfigDirs php-fpm's configuration directories (default: the layouts', Debian's
     *                                         /etc/php/VERSION/fpm newest first)
     *
     * @return array{string, string} the name, and where it comes from
     */
    public static function configured(?array $fpmConfigDirs = null, ?string $fpmConfig = null): array
    {
        if (null !== $fpmConfig) {
            $user = (new FpmConfigReader())->read($fpmConfig, 'named')->firstUser();

            return null === $user
                ? [self::DEFAULT, 'no pool of '.$fpmConfig.' names one']
                : [$user->value, '`user =` in '.$user->file];
        }
        foreach ($fpmConfigDirs ?? FpmPoolFiles::layoutDirectories() as $directory) {
            $configured = FpmPoolFiles::firstUser($directory);
            if (null !== $configured) {
                return [$configured[0], '`user =` in '.$configured[1]];
            }
        }

        return [self::DEFAULT, 'no php-fpm pool file names one'];
    }

    /**
     * Looks the user up in the passwd database, and its groups in $groupFile (the supplementary groups
     * PHP workers get from initgroups()).
     *
     * @return self|null null when there is no such user here
     */
    public static function named(string $name, string $groupFile = '/etc/group'): ?self
    {
        $entry = '' === $name ? false : posix_getpwnam($name);
        if (false === $entry) {
            return null;
        }
        $groups = [(int) $entry['gid']];
        foreach (@file($groupFile, \FILE_IGNORE_NEW_LINES) ?: [] as $line) {
            $fields = explode(':', $line);
            if (\count($fields) >= 4 && \in_array($name, explode(',', $fields[3]), true)) {
                $groups[] = (int) $fields[2];
            }
        }

        return new self($name, (int) $entry['uid'], (int) $entry['gid'], array_values(array_unique($groups)));
    }

    /**
     * Whether the user is allowed the access in $bits (4 read, 2 write, 1 search/execute)
     * by a file's owner, group and mode.
     */
    public function may(int $bits, int $ownerUid, int $ownerGid, int $mode): bool
    {
        if (0 === $this->uid) {
            return true;
        }
        $granted = match (true) {
            $ownerUid === $this->uid => ($mode >> 6) & 7,
            \in_array($ownerGid, $this->groups, true) => ($mode >> 3) & 7,
            default => $mode & 7,
        };

        return ($granted & $bits) === $bits;
    }
}
