<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\Util\RelativePath;
use Preheat\Util\ShellWord;

/**
 * What a user cannot reach of a set of files: the files whose read bit it lacks and the directories on the way it
 * may not enter, each with its owner, group and mode; and the one command that opens all of them to it.
 */
final class UnreadableFiles
{
    /** How many paths a message lists; the count says how many more there are. */
    private const SHOWN = 5;

    /** The entries of one directory read to look for a hidden one. */
    private const MAX_ENTRIES = 100_000;

    /**
     * @param array<string, string> $closedDirectories directory => owner, group and mode: every one on the way that
     *                                                 the user may not enter, not only the first
     * @param array<string, string> $unreadable        file => owner, group and mode
     * @param int                   $checked           how many files were checked
     * @param int                   $total             how many there were to check (more than $checked when the
     *                                                 check stopped at its bound)
     */
    public function __construct(
        public readonly array $closedDirectories,
        public readonly array $unreadable,
        public readonly int $checked,
        public readonly int $total,
    ) {
    }

    public function found(): bool
    {
        return [] !== $this->closedDirectories || [] !== $this->unreadable;
    }

    public function complete(): bool
    {
        return $this->checked >= $this->total;
    }

    /** Both findings together: what one fix must cover. */
    public function with(self $other): self
    {
        return new self(
            $this->closedDirectories + $other->closedDirectories,
            $this->unreadable + $other->unreadable,
            $this->checked + $other->checked,
            $this->total + $other->total,
        );
    }

    /** Those of $this not in $other: what a second finding adds to the first. */
    public function without(self $other): self
    {
        return new self(
            array_diff_key($this->closedDirectories, $other->closedDirectories),
            array_diff_key($this->unreadable, $other->unreadable),
            $this->checked,
            $this->total,
        );
    }

    /**
     * One command that gives the user all it lacks, and no more than the directories that hold the files: the
     * search bit on each closed directory outside them (those above the project: not their other files), and read
     * (search for directories) on everything under the fewest directories that hold every unreadable file. A
     * directory that holds hidden entries (`.env`, `.git`: secrets and history, often the project's root) is not
     * opened whole: its unreadable files are made readable one by one, and its subdirectories are covered the same
     * way. After it, the same check finds nothing: every closed directory is either opened or under one made
     * searchable, and every unreadable file is readable. Empty when nothing was found.
     */
    public function fix(): string
    {
        [$trees, $files] = self::cover(array_keys($this->unreadable));
        $searchable = array_values(array_filter(
            array_keys($this->closedDirectories),
            static function (string $directory) use ($trees): bool {
                foreach ($trees as $top) {
                    if (RelativePath::isInside($directory, $top)) {
                        return false;
                    }
                }

                return true;
            },
        ));
        sort($searchable);
        sort($files);
        $commands = [];
        if ([] !== $searchable) {
            $commands[] = 'chmod a+x '.implode(' ', array_map(ShellWord::of(...), $searchable));
        }
        if ([] !== $files) {
            $commands[] = 'chmod a+r '.implode(' ', array_map(ShellWord::of(...), $files));
        }
        if ([] !== $trees) {
            $commands[] = 'chmod -R a+rX '.implode(' ', array_map(ShellWord::of(...), $trees));
        }

        return implode(' && ', $commands);
    }

    /**
     * The directories to open whole and the files to open one by one, so that every file of $files is covered.
     *
     * @param list<string> $files
     *
     * @return array{list<string>, list<string>}
     */
    private static function cover(array $files): array
    {
        $trees = [];
        $singles = [];
        foreach (self::topDirectories(array_map('dirname', $files)) as $top) {
            if (!self::holdsHiddenEntries($top)) {
                $trees[] = $top;
                continue;
            }
            $inside = array_values(array_filter(
                $files,
                static fn (string $file): bool => RelativePath::isInside($file, $top),
            ));
            $deeper = [];
            foreach ($inside as $file) {
                if (\dirname($file) === $top) {
                    $singles[] = $file;
                } else {
                    $deeper[] = $file;
                }
            }
            // Strictly below $top: the recursion ends.
            [$deeperTrees, $deeperSingles] = [] === $deeper ? [[], []] : self::cover($deeper);
            array_push($trees, ...$deeperTrees);
            array_push($singles, ...$deeperSingles);
        }

        return [$trees, $singles];
    }

    /**
     * Whether the directory holds an entry whose name starts with a dot (other than . and ..). Read with readdir(),
     * not glob(): a directory's name may hold glob's special characters. A directory that cannot be read, or holds
     * more entries than the bound, is taken to hold one: it is not opened whole.
     */
    private static function holdsHiddenEntries(string $directory): bool
    {
        $handle = @opendir($directory);
        if (false === $handle) {
            return is_dir($directory);
        }
        try {
            for ($seen = 0; false !== ($entry = readdir($handle)); ++$seen) {
                if ($seen > self::MAX_ENTRIES || ('.' === ($entry[0] ?? '') && '.' !== $entry && '..' !== $entry)) {
                    return true;
                }
            }

            return false;
        } finally {
            closedir($handle);
        }
    }

    /**
     * The findings as lines: the closed directories, then the unreadable files, the first few of each.
     *
     * @param string $who  the user and where it comes from, e.g. "www-data (the user php-fpm preloads as: ...)"
     * @param string $what what the files are, e.g. "files to preload"
     *
     * @return list<string>
     */
    public function lines(string $who, string $what): array
    {
        $lines = [];
        if ([] !== $this->closedDirectories) {
            $lines[] = \sprintf(
                '%s may not enter %d %s on the way to the %s:',
                $who,
                \count($this->closedDirectories),
                1 === \count($this->closedDirectories) ? 'directory' : 'directories',
                $what,
            );
            array_push($lines, ...self::shown($this->closedDirectories));
        }
        if ([] !== $this->unreadable) {
            $count = \count($this->unreadable);
            $lines[] = \sprintf('%s cannot read %d of the %d %s:', $who, $count, $this->total, $what);
            array_push($lines, ...self::shown($this->unreadable));
        }
        if (!$this->complete()) {
            $lines[] = \sprintf(
                '  (checked %d of the %d files within the check\'s bound: there may be more)',
                $this->checked,
                $this->total,
            );
        }

        return $lines;
    }

    /**
     * @param array<string, string> $paths path => owner, group and mode
     *
     * @return list<string>
     */
    private static function shown(array $paths): array
    {
        $lines = [];
        foreach (\array_slice($paths, 0, self::SHOWN, true) as $path => $what) {
            $lines[] = \sprintf('  %s (%s)', $path, $what);
        }
        if (\count($paths) > self::SHOWN) {
            $lines[] = \sprintf('  and %d more', \count($paths) - self::SHOWN);
        }

        return $lines;
    }

    /**
     * The fewest directories that hold all of $directories: each folded into one of them that holds it (a package
     * unpacked with 0600 files is one directory).
     *
     * @param list<string> $directories
     *
     * @return list<string>
     */
    private static function topDirectories(array $directories): array
    {
        $directories = array_values(array_unique($directories));
        // Shorter first, so that a directory is met before any under it ('/a-b' sorts between '/a' and '/a/b').
        usort($directories, static fn (string $a, string $b): int => [\strlen($a), $a] <=> [\strlen($b), $b]);
        $top = [];
        foreach ($directories as $directory) {
            $held = array_filter($top, static fn (string $t): bool => RelativePath::isInside($directory, $t));
            if ([] === $held) {
                $top[] = $directory;
            }
        }
        sort($top);

        return $top;
    }
}
