<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Php\PoolUser;
use Preheat\Setting;
use Preheat\Util\DisplayString;
use Preheat\Util\FileOwnership;
use Preheat\Util\ShellWord;

/**
 * Whether the pool's user can write what the recorder writes, told from owners and modes (ACLs are not
 * read): the store file, which it appends to (or creates), and the buffer directory, which must be its
 * own and writable by no one else (the recorder refuses any other, see Preheat\Recorder\OwnDirectory).
 *
 * A fix never names a symbolic link or a file with more than one hard link: chown and chmod change what a link
 * points to, and a hard link is the other file itself, so pasting the fix would hand that file (one the pool's
 * user may have linked to, /etc/shadow say) to the pool's user. Such a path is reported with the reason instead.
 */
final class WriteAccess
{
    private const READ = 4;
    private const WRITE = 2;
    private const SEARCH = 1;

    /** @return list<AccessProblem> */
    public function storeFile(PoolUser $user, string $file): array
    {
        clearstatcache();
        $directory = \dirname($file);
        $problems = $this->reachable($user, $directory);
        if ([] !== $problems) {
            return $problems;
        }
        $linked = self::linked($file, 'the store');
        if (null !== $linked) {
            return [$linked];
        }
        $stat = @stat($file);
        if (false !== $stat) {
            if ($user->may(self::READ | self::WRITE, $stat['uid'], $stat['gid'], $stat['mode'])) {
                return [];
            }

            return [new AccessProblem(
                \sprintf(
                    '%s cannot append to the store %s (%s): nothing is recorded',
                    $user->name,
                    $file,
                    FileOwnership::describe($stat),
                ),
                \sprintf('chown %s %s', ShellWord::of($user->name), ShellWord::of($file)),
            )];
        }
        $parent = @stat($directory);
        if (false !== $parent
            && $user->may(self::WRITE | self::SEARCH, $parent['uid'], $parent['gid'], $parent['mode'])) {
            return [];
        }

        return [new AccessProblem(
            \sprintf(
                '%s cannot create the store %s: it may not write to %s (%s); nothing is recorded',
                $user->name,
                $file,
                $directory,
                false === $parent ? 'missing' : FileOwnership::describe($parent),
            ),
            \sprintf('touch %1$s && chown %2$s %1$s', ShellWord::of($file), ShellWord::of($user->name)),
        )];
    }

    /**
     * A fix changes the directory itself only when it holds nothing but the recorder's buffers: a
     * directory with other files (the temp dir, /var/lib...) is never handed to the pool's user or closed;
     * a directory of its own under it is proposed instead.
     *
     * @param bool $isDefault the recorder's default (preheat-recorder-UID under the temp dir), which the workers
     *                        create again when it is removed
     *
     * @return list<AccessProblem>
     */
    public function bufferDirectory(PoolUser $user, string $directory, bool $isDefault = false): array
    {
        clearstatcache();
        $slower = 'workers then write each sampled request to the store at once, one record per request';
        $create = \sprintf('install -d -o %s -m 0700 %s', ShellWord::of($user->name), ShellWord::of($directory));
        $stat = @lstat($directory);
        if (false === $stat) {
            $parent = \dirname($directory);
            $problems = $this->reachable($user, $parent);
            if ([] !== $problems) {
                return $problems;
            }
            $parentStat = @stat($parent);
            $mayCreate = false !== $parentStat
                && $user->may(self::WRITE | self::SEARCH, $parentStat['uid'], $parentStat['gid'], $parentStat['mode']);
            if ($mayCreate) {
                return []; // the workers create it, 0700
            }

            return [new AccessProblem(\sprintf(
                '%s cannot create the buffer directory %s in %s (%s): %s',
                $user->name,
                $directory,
                $parent,
                false === $parentStat ? 'missing' : FileOwnership::describe($parentStat),
                $slower,
            ), $create)];
        }
        if (0o120000 === ($stat['mode'] & 0o170000)) {
            return [new AccessProblem(
                \sprintf(
                    'the buffer directory %s is a symbolic link, which the recorder never follows: %s',
                    $directory,
                    $slower,
                ),
                \sprintf('rm %s && %s', ShellWord::of($directory), $create),
            )];
        }
        if (0o040000 !== ($stat['mode'] & 0o170000)) {
            return [new AccessProblem(
                \sprintf('the buffer directory %s is not a directory: %s', $directory, $slower),
                'choose a buffer directory of '.$user->name.' only',
                Setting::BufferDirectory,
            )];
        }
        $problems = $this->reachable($user, \dirname($directory));
        if ([] !== $problems) {
            return $problems;
        }
        $own = rtrim($directory, '/').'/preheat-recorder';
        // A name that exists already is not proposed: install -d would chown what a link planted there leads to.
        $elsewhere = false === @lstat($own)
            ? \sprintf(
                'install -d -o %1$s -m 0700 %2$s, then make it the buffer directory',
                ShellWord::of($user->name),
                ShellWord::of($own),
            )
            : \sprintf(
                'make a new directory of %s only, mode 0700, in a directory only root may write '
                .'(%s exists already: a link there would hand what it leads to to %1$s), '
                .'then make it the buffer directory',
                $user->name,
                $own,
            );
        $dedicated = self::holdsOnlyBuffers($directory);
        if ($stat['uid'] !== $user->uid) {
            return [new AccessProblem(
                \sprintf(
                    'the buffer directory %s belongs to %s, not %s: '
                    .'workers keep counts only in a directory of their own user, so %s',
                    $directory,
                    FileOwnership::owner($stat['uid']),
                    $user->name,
                    $slower,
                ),
                match (true) {
                    $isDefault => \sprintf('rm -r %s (the workers create it again, 0700)', ShellWord::of($directory)),
                    $dedicated => \sprintf(
                        'chown %1$s %2$s && chmod 0700 %2$s',
                        ShellWord::of($user->name),
                        ShellWord::of($directory),
                    ),
                    default => $elsewhere,
                },
                $isDefault || $dedicated ? null : Setting::BufferDirectory,
            )];
        }
        if (0 !== ($stat['mode'] & 0o022)) {
            return [new AccessProblem(
                \sprintf(
                    'the buffer directory %s can be written by its group or others (%s): '
                    .'workers keep no counts where another user can plant files, so %s',
                    $directory,
                    FileOwnership::describe($stat),
                    $slower,
                ),
                $dedicated ? \sprintf('chmod 0700 %s', ShellWord::of($directory)) : $elsewhere,
                $dedicated ? null : Setting::BufferDirectory,
            )];
        }

        return [];
    }

    /**
     * Every directory on the way to $directory must exist and let the user through.
     *
     * @return list<AccessProblem>
     */
    private function reachable(PoolUser $user, string $directory): array
    {
        $path = '';
        foreach (explode('/', trim($directory, '/')) as $part) {
            $path .= '/'.$part;
            $stat = @stat($path);
            if (false === $stat) {
                return [new AccessProblem(
                    \sprintf('%s does not exist', $path),
                    \sprintf('mkdir -p %s', ShellWord::of($directory)),
                )];
            }
            if (!$user->may(self::SEARCH, $stat['uid'], $stat['gid'], $stat['mode'])) {
                // The fix names the directory itself, not a link on the way to it (chmod would follow that).
                $real = realpath($path) ?: $path;

                return [new AccessProblem(
                    \sprintf(
                        '%s may not enter %s (%s)',
                        $user->name,
                        $real === $path ? $path : $path.', a link to '.$real,
                        FileOwnership::describe($stat),
                    ),
                    \sprintf('chmod o+x %s', ShellWord::of($real)),
                )];
            }
        }

        return [];
    }

    /**
     * Why no command may be proposed for $path: it is a symbolic link (chown and chmod follow it) or a file
     * with other names (hard links: changing it changes them). Removing the name is safe: rm never follows a
     * link, and the recorder creates the store again as its own.
     */
    private static function linked(string $path, string $what): ?AccessProblem
    {
        $stat = @lstat($path);
        if (false === $stat) {
            return null;
        }
        $why = match (true) {
            0o120000 === ($stat['mode'] & 0o170000) => \sprintf(
                '%s %s is a symbolic link (to %s)',
                $what,
                $path,
                DisplayString::of((string) @readlink($path)),
            ),
            0o100000 === ($stat['mode'] & 0o170000) && $stat['nlink'] > 1 => \sprintf(
                '%s %s has %d hard links (other names of the same file)',
                $what,
                $path,
                $stat['nlink'],
            ),
            default => null,
        };
        if (null === $why) {
            return null;
        }

        return new AccessProblem(
            $why.': a chown or chmod of it would change the file it leads to, whoever planted it, '
            .'so Preheat proposes none; remove that name and run `preheat record` again, or choose another path',
            \sprintf('rm %s', ShellWord::of($path)),
        );
    }

    private static function holdsOnlyBuffers(string $directory): bool
    {
        $entries = @scandir($directory);
        if (false === $entries) {
            return false;
        }
        foreach ($entries as $entry) {
            if ('.' !== $entry && '..' !== $entry && !str_starts_with($entry, 'preheat-recorder-')) {
                return false;
            }
        }

        return true;
    }
}
