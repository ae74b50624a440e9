<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * What a scan reads: the PHP files under its roots that may be preloaded, the other PHP files of the
 * project that are only checked for duplicate declarations, and what was skipped or followed, and why.
 */
final class SourceSelection
{
    /**
     * @param list<string>          $files          real paths under the roots, sorted: candidates for preloading
     * @param list<string>          $context        real paths of the project's other runtime PHP files (outside the
     *                                              roots, or in directories the app writes at run time), sorted:
     *                                              checked for duplicate declarations only
     * @param list<ScannedRoot>     $roots
     * @param list<SkippedPath>     $skipped
     * @param list<FollowedLink>    $links
     * @param list<string>          $unusedIncludes --include-dir values that matched no skipped directory
     * @param array<string, string> $aliases        real path => the path under the project root it was found by
     *                                              through a link (so that --ignore globs written that way match)
     */
    public function __construct(
        public readonly array $files,
        public readonly array $context,
        public readonly array $roots,
        public readonly array $skipped = [],
        public readonly array $links = [],
        public readonly array $unusedIncludes = [],
        public readonly array $aliases = [],
    ) {
    }

    /**
     * @param list<string> $files
     * @param list<string> $roots
     */
    public static function ofFiles(array $files, array $roots = []): self
    {
        return new self($files, [], array_map(static fn (string $r): ScannedRoot => new ScannedRoot($r, 0), $roots));
    }
}
