<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\Php\PoolUser;
use Preheat\Util\FileOwnership;
use Preheat\Util\ShellWord;

/**
 * Whether the user php-fpm preloads as can read every planned file: the file's read bit and the search
 * bit of each directory above it, computed from their owner, group and mode and the user's uid and
 * groups (its primary group and those /etc/group lists it in, as initgroups() gives a worker). Checked
 * before PHP boots, so that a project in a 0700 directory or a package unpacked with mode 0600 is one
 * message with its fix, not dozens of "Failed opening required" fatals and fix rounds that cannot help.
 */
final class PreloadUserAccess
{
    private const READ = 4;
    private const SEARCH = 1;

    /** How many paths the message lists; the count says how many more there are. */
    private const SHOWN = 5;

    public function __construct(private readonly string $groupFile = '/etc/group')
    {
    }

    /**
     * @param list<string> $files       the files the script preloads
     * @param list<string> $directories directories the user must enter besides (the script's own)
     * @param string       $source      where the user comes from, e.g. "`user =` in pool.d/www.conf"
     *
     * @throws UnreadableByPreloadUser when a file or a directory on the way is closed to the user
     */
    public function check(string $userName, string $source, array $files, array $directories = []): void
    {
        $user = \function_exists('posix_getpwnam') ? PoolUser::named($userName, $this->groupFile) : null;
        if (null === $user || 0 === $user->uid) {
            return; // root reads everything; an unknown user is PHP's to refuse, in its own words
        }
        /**
         * @var array<string, ?array{string, string}> $entered directory => null when the user may enter it, else
         *                                            [blocking directory, what it is]
         */
        $entered = [];
        $closedDirectories = [];
        $unreadable = [];
        $enter = static function (string $directory) use (&$entered, $user): ?array {
            $path = '';
            foreach ('/' === $directory ? [] : explode('/', trim($directory, '/')) as $part) {
                $path .= '/'.$part;
                if (!\array_key_exists($path, $entered)) {
                    $stat = @stat($path);
                    $entered[$path] = false === $stat || $user->may(
                        self::SEARCH,
                        $stat['uid'],
                        $stat['gid'],
                        $stat['mode'],
                    ) ? null : [$path, FileOwnership::describe($stat)];
                }
                if (null !== $entered[$path]) {
                    return $entered[$path];
                }
            }

            return null;
        };
        foreach ($directories as $directory) {
            $blocked = $enter($directory);
            if (null !== $blocked) {
                $closedDirectories[$blocked[0]] = $blocked[1];
            }
        }
        foreach ($files as $file) {
            $blocked = $enter(\dirname($file));
            if (null !== $blocked) {
                $closedDirectories[$blocked[0]] = $blocked[1];
                continue;
            }
            $stat = @stat($file);
            if (false !== $stat && !$user->may(self::READ, $stat['uid'], $stat['gid'], $stat['mode'])) {
                $unreadable[$file] = FileOwnership::describe($stat);
            }
        }
        if ([] !== $closedDirectories || [] !== $unreadable) {
            $message = self::message($userName, $source, \count($files), $closedDirectories, $unreadable);

            throw new UnreadableByPreloadUser($message);
        }
    }

    /**
     * The user must also enter the temp dir: PHP boots the script through a file of Preheat's there. A private
     * one (libpam-tmpdir's 0700 TMPDIR for root) would fail the boot with a message that names the script.
     *
     * @throws UnreadableByPreloadUser when the temp dir, or a directory above it, is closed to the user
     */
    public function checkTemporaryDirectory(string $userName, string $source, string $directory): void
    {
        $user = \function_exists('posix_getpwnam') ? PoolUser::named($userName, $this->groupFile) : null;
        if (null === $user || 0 === $user->uid) {
            return;
        }
        $path = '';
        foreach (explode('/', trim($directory, '/')) as $part) {
            $path .= '/'.$part;
            $stat = @stat($path);
            if (false !== $stat && !$user->may(self::SEARCH, $stat['uid'], $stat['gid'], $stat['mode'])) {
                throw new UnreadableByPreloadUser(\sprintf(
                    '%s (the user php-fpm preloads as: %s) may not enter %s (%s), on the way to the temp dir %s, '
                    .'where Preheat writes the file PHP boots the script through. Run with TMPDIR set to a '
                    .'directory %s may enter (e.g. TMPDIR=/tmp; libpam-tmpdir gives root a private one), '
                    .'or as %s.',
                    $userName,
                    $source,
                    $path,
                    FileOwnership::describe($stat),
                    $directory,
                    $userName,
                    $userName,
                ));
            }
        }
    }

    /**
     * @param array<string, string> $closedDirectories directory => owner, group and mode
     * @param array<string, string> $unreadable        file => owner, group and mode
     */
    private static function message(
        string $user,
        string $source,
        int $planned,
        array $closedDirectories,
        array $unreadable,
    ): string {
        $lines = [];
        $fixes = [];
        if ([] !== $closedDirectories) {
            $lines[] = \sprintf(
                '%s (the user php-fpm preloads as: %s) may not enter %d %s on the way to the files to preload:',
                $user,
                $source,
                \count($closedDirectories),
                1 === \count($closedDirectories) ? 'directory' : 'directories',
            );
            foreach (\array_slice($closedDirectories, 0, self::SHOWN, true) as $directory => $what) {
                $lines[] = \sprintf('  %s (%s)', $directory, $what);
            }
            $fixes[] = 'chmod a+x '.implode(' ', array_map(ShellWord::of(...), array_keys($closedDirectories)));
        }
        if ([] !== $unreadable) {
            $lines[] = \sprintf(
                '%s (the user php-fpm preloads as: %s) cannot read %d of the %d files to preload:',
                $user,
                $source,
                \count($unreadable),
                $planned,
            );
            foreach (\array_slice($unreadable, 0, self::SHOWN, true) as $file => $what) {
                $lines[] = \sprintf('  %s (%s)', $file, $what);
            }
            if (\count($unreadable) > self::SHOWN) {
                $lines[] = \sprintf('  and %d more', \count($unreadable) - self::SHOWN);
            }
            $fixes[] = 'chmod -R a+rX '.implode(
                ' ',
                array_map(ShellWord::of(...), self::topDirectories(array_keys($unreadable))),
            );
        }
        $lines[] = \sprintf(
            'php-fpm would fail the same way at start. Fix: %s (or install the code as %s), then run again.',
            implode(' && ', $fixes),
            $user,
        );

        return implode("\n", $lines);
    }

    /**
     * The fewest directories that hold every unreadable file: each file's directory, folded into a
     * directory that holds another one's (a package unpacked with 0600 files is one directory).
     *
     * @param list<string> $files
     *
     * @return list<string>
     */
    private static function topDirectories(array $files): array
    {
        $directories = array_values(array_unique(array_map('dirname', $files)));
        sort($directories);
        $top = [];
        foreach ($directories as $directory) {
            $last = $top[\count($top) - 1] ?? null;
            if (null === $last || !str_starts_with($directory.'/', rtrim($last, '/').'/')) {
                $top[] = $directory;
            }
        }

        return $top;
    }
}
