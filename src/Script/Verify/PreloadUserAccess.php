<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\Php\PoolUser;
use Preheat\Util\FileOwnership;

/**
 * Whether the user php-fpm preloads as can read every planned file: the file's read bit and the search
 * bit of each directory above it, computed from their owner, group and mode and the user's uid and
 * groups (its primary group and those /etc/group lists it in, as initgroups() gives a worker). Checked
 * before PHP boots, so that a project in a 0700 directory or a package unpacked with mode 0600 is one
 * message with its fix, not dozens of "Failed opening required" fatals and fix rounds that cannot help.
 * The same for every file the app can load (checkApp()): a preload that works says nothing of a file that
 * requests include, such as one Composer's autoloader includes on every request.
 */
final class PreloadUserAccess
{
    private const READ = 4;
    private const SEARCH = 1;

    /**
     * The most files one check stats, and for how long: a stat each, far beyond any Composer tree (a large one
     * holds 50,000 PHP files, checked in well under a second); past either, the finding says it stopped.
     */
    public const MAX_FILES = 500_000;
    public const MAX_SECONDS = 20.0;

    public function __construct(
        private readonly string $groupFile = '/etc/group',
        private readonly int $maxFiles = self::MAX_FILES,
        private readonly float $maxSeconds = self::MAX_SECONDS,
    ) {
    }

    /**
     * @param list<string> $files       the files the script preloads
     * @param list<string> $directories directories the user must enter besides (the script's own)
     * @param string       $source      where the user comes from, e.g. "`user =` in pool.d/www.conf"
     * @param list<string> $appFiles    every file the app can load (see AppFiles): when the preload fails, the fix
     *                                  covers them too, so that the site works once it is run
     *
     * @throws UnreadableByPreloadUser when a file or a directory on the way is closed to the user
     */
    public function check(
        string $userName,
        string $source,
        array $files,
        array $directories = [],
        array $appFiles = [],
    ): void {
        $user = $this->user($userName);
        if (null === $user) {
            return;
        }
        $planned = $this->survey($user, $files, $directories);
        if (!$planned->found()) {
            return;
        }
        $others = $this->survey($user, $appFiles)->without($planned);
        $who = \sprintf('%s (the user php-fpm preloads as: %s)', $userName, $source);
        $lines = $planned->lines($who, 'files to preload');
        if ($others->found()) {
            $more = \count($others->unreadable) + \count($others->closedDirectories);
            $lines[] = \sprintf(
                'Besides, requests would fail on %d more %s of the app it cannot reach (e.g. %s); the fix covers '
                .'them too.',
                $more,
                1 === $more ? 'file or directory' : 'files or directories',
                array_key_first($others->unreadable) ?? array_key_first($others->closedDirectories),
            );
        }
        $lines[] = \sprintf(
            'php-fpm would fail the same way at start. Fix: %s (or install the code as %s), then run again.',
            $planned->with($others)->fix(),
            $userName,
        );

        throw new UnreadableByPreloadUser(implode("\n", $lines));
    }

    /**
     * What of the app's files the user cannot reach: what requests load at run time, preloaded or not (a file
     * Composer's autoloader includes on every request is never preloaded by itself). Null when the user reads
     * everything (root), or is not one of this machine's.
     *
     * @param list<string> $appFiles every file the app can load (see AppFiles)
     */
    public function checkApp(string $userName, array $appFiles): ?UnreadableFiles
    {
        $user = $this->user($userName);

        return null === $user ? null : $this->survey($user, $appFiles);
    }

    /**
     * The findings for $files and $directories: each file's read bit, and the search bit of every directory above
     * it (all of them, not only the first closed one, so that one fix opens the way whole).
     *
     * @param list<string> $files
     * @param list<string> $directories
     */
    public function survey(PoolUser $user, array $files, array $directories = []): UnreadableFiles
    {
        /** @var array<string, ?string> $entered directory => null when the user may enter it, else what it is */
        $entered = [];
        $closedDirectories = [];
        $unreadable = [];
        $enter = static function (string $directory) use (&$entered, &$closedDirectories, $user): void {
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
                    ) ? null : FileOwnership::describe($stat);
                    if (null !== $entered[$path]) {
                        $closedDirectories[$path] = $entered[$path];
                    }
                }
            }
        };
        foreach ($directories as $directory) {
            $enter($directory);
        }
        $deadline = hrtime(true) + (int) ($this->maxSeconds * 1e9);
        $checked = 0;
        foreach ($files as $file) {
            if ($checked >= $this->maxFiles || hrtime(true) >= $deadline) {
                break;
            }
            ++$checked;
            $enter(\dirname($file));
            $stat = @stat($file);
            if (false !== $stat && !$user->may(self::READ, $stat['uid'], $stat['gid'], $stat['mode'])) {
                $unreadable[$file] = FileOwnership::describe($stat);
            }
        }

        return new UnreadableFiles($closedDirectories, $unreadable, $checked, \count($files));
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

    private function user(string $name): ?PoolUser
    {
        $user = \function_exists('posix_getpwnam') ? PoolUser::named($name, $this->groupFile) : null;

        // Root reads everything; an unknown user is PHP's to refuse, in its own words.
        return null === $user || 0 === $user->uid ? null : $user;
    }
}
