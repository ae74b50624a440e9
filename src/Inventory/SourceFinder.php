<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use Preheat\Util\BoundedRead;
use Preheat\Util\RelativePath;

/**
 * Lists the PHP files under a set of roots, each once (by real path), in a stable order.
 *
 * `select()` also knows a project's layout. Under the project root (but not in vendor/, nor under a root
 * outside the project) it skips what the app never runs (tests, docs, tools, hidden directories) and what
 * the app writes at run time (caches: never preloaded, a later request rewrites them, but read for
 * duplicate declarations). It follows symbolic links to directories, each real directory once, never one
 * that contains where the link is (a loop) or the project. And it lists the project's other runtime PHP
 * files, outside the roots, so that the planner can check preloaded names against the whole app.
 */
final class SourceFinder
{
    /** Directory names (at any depth) the app never includes at run time. */
    private const NOT_RUNTIME = [
        'tests' => 'tests', 'test' => 'tests', '_test' => 'tests', 'docs' => 'documentation', 'doc' => 'documentation',
        'vendor-bin' => 'development tools', 'node_modules' => 'JavaScript packages',
    ];

    /**
     * Names in NOT_RUNTIME that mean the same in any case (others only in lower case, as
     * non-code directories are named).
     */
    private const ANY_CASE = ['tests', 'test', '_test'];

    /**
     * Directory names (lower case) right below the project root that hold what the app or its users write at
     * run time: preloading a file someone uploaded, or a cache a later request rewrites, is never wanted.
     */
    private const GENERATED = ['cache', 'caches', 'tmp', 'temp', 'storage', 'uploads'];

    /**
     * Deeper paths that hold what the app writes at run time. Only these: a cache/ elsewhere is often code
     * (MediaWiki's includes/cache, Roundcube's program/lib/Roundcube/cache).
     */
    private const GENERATED_PATHS = [
        'var/cache', 'var/tmp', 'app/cache', 'bootstrap/cache', 'data/cache', 'data/tmp', 'wp-content/cache',
        'wp-content/uploads', 'public/uploads',
    ];

    /** Files Preheat writes into a project root: never the app's code. */
    private const PREHEAT_FILES = ['preload.php', 'preheat-recorder.php'];

    /**
     * The first words of every preload script Preheat writes (PreloadScriptWriter): a script of another name in
     * the project root (`--output=preload2.php`) is no more the app's code than preload.php, and scanning it
     * would make each run's script depend on the last one's.
     */
    public const PRELOAD_SCRIPT_MARK = 'OPcache preload script written by Preheat';

    /** @var array<string, true> real directories already walked */
    private array $visited = [];

    /** @var array<string, string> real path => root it was found under */
    private array $files = [];

    /** @var array<string, true> */
    private array $context = [];

    /** @var list<SkippedPath> */
    private array $skipped = [];

    /** @var list<FollowedLink> */
    private array $links = [];

    /** @var array<string, string> real path => the path under the project root it was found by, through a link */
    private array $aliases = [];

    /** @var array<string, true> */
    private array $rootSet = [];

    private ?string $projectRoot = null;

    /** @var array<string, bool> --include-dir value => matched */
    private array $include = [];

    /**
     * Every PHP file under the roots, links followed, nothing skipped.
     *
     * @param list<string> $roots absolute paths of directories or single files
     *
     * @return list<string> real paths, sorted
     */
    public function find(array $roots): array
    {
        return $this->select(null, $roots, null)->files;
    }

    /**
     * @param string|null  $projectRoot real path; null to scan the roots whole and list no other files
     * @param list<string> $roots       real paths of directories or files
     * @param string|null  $vendorDir   real path of the installed packages: scanned whole
     * @param list<string> $include     skipped directories to scan anyway: a path relative to the project root, or a
     *                                  name
     */
    public function select(?string $projectRoot, array $roots, ?string $vendorDir, array $include = []): SourceSelection
    {
        $this->visited = $this->files = $this->context = $this->rootSet = [];
        $this->skipped = $this->links = $this->aliases = [];
        $this->projectRoot = $projectRoot;
        $this->include = array_fill_keys(array_map(static fn (string $i): string => trim($i, '/'), $include), false);
        foreach ($roots as $root) {
            $this->rootSet[$root] = true;
        }
        foreach ($roots as $root) {
            if (is_file($root)) {
                if ((int) @filesize($root) > FileAnalyzer::MAX_BYTES) {
                    $this->skipped[] = self::tooLarge($root, false);
                } else {
                    $this->files[realpath($root) ?: $root] ??= $root;
                }
                continue;
            }
            $whole = null === $projectRoot || !RelativePath::isInside($root, $projectRoot)
                || (null !== $vendorDir && RelativePath::isInside($root, $vendorDir))
                || null !== $this->skipRule($root, $projectRoot);
            $this->walk($root, $root, $root, $whole ? null : $projectRoot, $vendorDir, false);
        }
        if (null !== $projectRoot && is_dir($projectRoot)) {
            // The rest of the project: not preloaded, but what it declares counts for duplicates.
            $this->walk($projectRoot, $projectRoot, $projectRoot, $projectRoot, $vendorDir, true);
        }

        $files = array_map('strval', array_keys($this->files));
        sort($files, \SORT_STRING);
        $context = array_values(array_diff(array_map('strval', array_keys($this->context)), $files));
        sort($context, \SORT_STRING);
        $counts = array_count_values(array_values($this->files));
        $scannedRoots = array_map(static fn (string $r): ScannedRoot => new ScannedRoot($r, $counts[$r] ?? 0), $roots);
        $unused = array_keys(array_filter($this->include, static fn (bool $matched): bool => !$matched));

        return new SourceSelection(
            $files,
            $context,
            $scannedRoots,
            $this->skipped,
            $this->links,
            array_map('strval', $unused),
            $this->aliases,
        );
    }

    /**
     * @param string      $real        the directory's real path
     * @param string      $logical     the path it was reached by (through links), for messages and rules
     * @param string|null $projectRoot where skip rules apply; null to take everything below
     */
    private function walk(
        string $real,
        string $logical,
        string $root,
        ?string $projectRoot,
        ?string $vendorDir,
        bool $asContext,
    ): void {
        if (isset($this->visited[$real])) {
            return;
        }
        $this->visited[$real] = true;
        $entries = @scandir($real);
        if (false === $entries) {
            $this->skipped[] = new SkippedPath($logical, SkippedPath::UNREADABLE, 'cannot be read by this user');

            return;
        }
        foreach ($entries as $entry) {
            if ('.' === $entry || '..' === $entry) {
                continue;
            }
            $path = $real.'/'.$entry;
            $shown = $logical.'/'.$entry;
            $target = $path;
            if (is_link($path)) {
                $target = realpath($path);
                if (false === $target) {
                    continue; // a dangling link: nothing to read
                }
            }
            if (is_dir($target)) {
                if ($target !== $path && !$this->mayFollow($path, $target, $shown)) {
                    continue;
                }
                if (isset($this->rootSet[$target]) && $target !== $root) {
                    continue; // another root: walked on its own
                }
                $childRules = $projectRoot;
                if (null !== $projectRoot && (null === $vendorDir || $target !== $vendorDir)) {
                    $rule = $this->skipRule($shown, $projectRoot);
                    if (null !== $rule && !$this->includedAnyway($shown, $projectRoot, $entry)) {
                        [$reason, $why] = $rule;
                        if (!isset($this->visited[$target])) {
                            $generated = SkippedPath::GENERATED === $reason;
                            $this->skipped[] = new SkippedPath($shown, $reason, $why, $generated);
                        }
                        if (SkippedPath::GENERATED === $reason) {
                            $this->walk($target, $shown, $root, null, $vendorDir, true);
                        }
                        continue;
                    }
                } elseif (null !== $vendorDir && $target === $vendorDir) {
                    $childRules = null; // installed packages are scanned whole
                }
                if ($target !== $path) {
                    $this->links[] = new FollowedLink($shown, $target);
                }
                $this->walk($target, $shown, $root, $childRules, $vendorDir, $asContext);
                continue;
            }
            if (!str_ends_with($entry, '.php') || !is_file($target)) {
                continue;
            }
            if (self::isCandidateScript($entry, $target)) {
                // A script being verified next to its destination: left only by a run killed outright (kill -9).
                if (!$asContext) {
                    $this->skipped[] = new SkippedPath(
                        $shown,
                        SkippedPath::PREHEAT_FILE,
                        'a preload script Preheat was verifying',
                    );
                }
                continue;
            }
            if (null !== $projectRoot && $real === $projectRoot && $this->isPreheatFile($entry, $target)) {
                if (!$asContext) {
                    $this->skipped[] = new SkippedPath($shown, SkippedPath::PREHEAT_FILE, 'written by Preheat');
                }
                continue;
            }
            if ((int) @filesize($target) > FileAnalyzer::MAX_BYTES) {
                $this->skipped[] = self::tooLarge($shown, $asContext);
                continue;
            }
            if ($asContext) {
                $this->context[$target] = true;
            } else {
                $this->files[$target] ??= $root;
            }
            $linked = $shown !== $target;
            if ($linked && null !== $this->projectRoot && RelativePath::isInside($shown, $this->projectRoot)) {
                $this->aliases[$target] ??= $shown;
            }
        }
    }

    private static function tooLarge(string $shown, bool $asContext): SkippedPath
    {
        return new SkippedPath($shown, SkippedPath::TOO_LARGE, \sprintf(
            'larger than %s, the most Preheat parses of a PHP file: not %s',
            BoundedRead::describe(FileAnalyzer::MAX_BYTES),
            $asContext ? 'read for duplicate declarations' : 'scanned',
        ));
    }

    /** A link is followed once, and never into a directory that contains the link (a loop) or the whole project. */
    private function mayFollow(string $link, string $target, string $shown): bool
    {
        if (RelativePath::isInside(\dirname($link), $target)) {
            $this->skipped[] = new SkippedPath(
                $shown,
                SkippedPath::LINK_LOOP,
                \sprintf('a link to %s, which contains it (a loop): not followed', $target),
            );

            return false;
        }
        if (isset($this->visited[$target])) {
            $this->skipped[] = new SkippedPath(
                $shown,
                SkippedPath::LINK_SEEN,
                \sprintf('a link to %s, which is scanned already', $target),
            );

            return false;
        }

        return true;
    }

    /** @return array{string, string}|null [reason, why] when the scan skips this directory of the project */
    private function skipRule(string $path, string $projectRoot): ?array
    {
        if (!RelativePath::isInside($path, $projectRoot) || $path === $projectRoot) {
            return null;
        }
        $relative = RelativePath::of($path, $projectRoot);
        $name = basename($relative);
        if (str_starts_with($name, '.')) {
            return [SkippedPath::NOT_RUNTIME, 'a hidden directory'];
        }
        // Tests/ is tests in any case; Doc/ or Cache/ with a capital is a namespace of the app's own code.
        $key = \in_array(strtolower($name), self::ANY_CASE, true) ? strtolower($name) : $name;
        if (isset(self::NOT_RUNTIME[$key])) {
            return [SkippedPath::NOT_RUNTIME, \sprintf('%s, not run by the app', self::NOT_RUNTIME[$key])];
        }
        if ((\in_array($name, self::GENERATED, true) && !str_contains($relative, '/'))
            || \in_array($relative, self::GENERATED_PATHS, true)) {
            return [SkippedPath::GENERATED, 'written by the app at run time'];
        }

        return null;
    }

    private function includedAnyway(string $path, string $projectRoot, string $name): bool
    {
        $relative = substr($path, \strlen($projectRoot) + 1);
        foreach ([$relative, $name] as $key) {
            if (isset($this->include[$key])) {
                $this->include[$key] = true;

                return true;
            }
        }

        return false;
    }

    /** `.preload.php.0123abcd.php`: what ScriptGenerator verifies before it moves it into place. */
    private static function isCandidateScript(string $name, string $path): bool
    {
        if (!preg_match('{^\..+\.[0-9a-f]{8}\.php$}', $name)) {
            return false;
        }
        $head = @file_get_contents($path, false, null, 0, 512);

        return \is_string($head) && str_contains($head, 'Preheat');
    }

    private function isPreheatFile(string $name, string $path): bool
    {
        $head = @file_get_contents($path, false, null, 0, 512);
        if (!\is_string($head)) {
            return false;
        }

        return \in_array($name, self::PREHEAT_FILES, true)
            ? str_contains($head, 'Preheat')
            : str_starts_with($head, "<?php\n\n/*\n * ".self::PRELOAD_SCRIPT_MARK.' ');
    }
}
