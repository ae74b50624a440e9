<?php

declare(strict_types=1);

namespace Preheat\Usage\Fpm;

/**
 * The release php-fpm serves beside the one being planned: while `current` still points to releases/1,
 * php-fpm has counted releases/1's scripts, and a deploy plans releases/2, which it has never served. The same
 * app in another directory of the same depth (a sibling release, a blue/green twin, or a link such as
 * `current` beside the releases' directory): its counts, moved to the planned root, are that app's evidence.
 *
 * A directory counts as the same app when most of its counted scripts (at least half) have a file at the same
 * path relative to the planned root; of several, the one with the most counted scripts is taken.
 */
final class SiblingRelease
{
    /** Counted scripts checked for a twin under the planned root, per candidate: enough to tell, bounded. */
    private const SAMPLE = 400;

    private function __construct(
        public readonly string $directory,
        public readonly int $scripts,
        public readonly FpmHits $hits,
    ) {
    }

    /** The counts of the sibling release of $root that php-fpm served, moved under $root; null when none. */
    public static function of(FpmHits $hits, string $root): ?self
    {
        $root = rtrim($root, '/');
        $candidates = self::candidates(array_keys($hits->scripts), $root);
        uasort($candidates, static fn (array $a, array $b): int => \count($b) <=> \count($a));
        foreach ($candidates as $directory => $relative) {
            $sample = \array_slice($relative, 0, self::SAMPLE);
            $twins = \count(array_filter($sample, static fn (string $path): bool => is_file($root.'/'.$path)));
            if (2 * $twins >= \count($sample)) {
                return new self((string) $directory, \count($relative), self::moved($hits, $relative, $root));
            }
        }

        return null;
    }

    /**
     * Directories of the same depth as $root (and links one level up, such as `current`), with their counted
     * scripts' paths relative to them.
     *
     * @param list<string> $scripts
     *
     * @return array<string, array<string, string>> directory => [script => path relative to it]
     */
    private static function candidates(array $scripts, string $root): array
    {
        $depth = substr_count($root, '/');
        $links = [];
        $candidates = [];
        foreach ($scripts as $script) {
            if (str_starts_with($script, $root.'/')) {
                continue;
            }
            $parts = explode('/', $script);
            // The peer's paths are as it reports them: one that climbs (`..`) or is not plain has no twin here.
            if ([] !== array_intersect(\array_slice($parts, 1), ['', '.', '..'])) {
                continue;
            }
            foreach ([$depth, $depth - 1] as $level) {
                if ($level < 1 || \count($parts) <= $level + 1) {
                    continue;
                }
                $directory = implode('/', \array_slice($parts, 0, $level + 1));
                // One level up only through a link (`current`): a parent directory holds more than one app.
                if ($level < $depth && !($links[$directory] ??= is_link($directory))) {
                    continue;
                }
                $candidates[$directory][$script] = implode('/', \array_slice($parts, $level + 1));
            }
        }

        return $candidates;
    }

    /** @param array<string, string> $relative counted script => its path relative to the release */
    private static function moved(FpmHits $hits, array $relative, string $root): FpmHits
    {
        $scripts = [];
        foreach ($relative as $script => $path) {
            if (is_file($root.'/'.$path)) {
                $scripts[$root.'/'.$path] = $hits->scripts[$script];
            }
        }
        $preloaded = [];
        foreach ($hits->preloaded as $script) {
            if (isset($relative[$script]) && isset($scripts[$root.'/'.$relative[$script]])) {
                $preloaded[] = $root.'/'.$relative[$script];
            }
        }

        return new FpmHits(
            $hits->server,
            $hits->opcacheEnabled,
            $hits->startTime,
            $hits->lastRestartTime,
            $scripts,
            $hits->readAt,
            $preloaded,
        );
    }
}
