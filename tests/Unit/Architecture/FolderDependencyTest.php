<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Architecture;

use PHPUnit\Framework\TestCase;

/**
 * The folders of src/ depend on each other in one direction only:
 * Console → Report → Bench / Doctor / Deploy → Usage / Script → Plan → Server / Inventory / Composer → Php → Process / Progress / Util / Worker.
 * Read from every `use` statement (and fully qualified name) under src/: a folder cycle, or an edge against
 * that direction, fails and is named with a file that makes it.
 */
final class FolderDependencyTest extends TestCase
{
    /**
     * A folder may use the folders of a lower layer only; folders of one layer do not use each other.
     * Names in the root namespace (UserError, Version) and outside src/ (the recorder) are usable by all.
     */
    private const LAYERS = [
        'Console' => 9,
        'Report' => 8,
        'Bench' => 7,
        'Doctor' => 7,
        'Deploy' => 7,
        'Usage' => 6,
        'Script' => 6,
        'Plan' => 5,
        'Server' => 4,
        'Inventory' => 4,
        'Composer' => 4,
        'Php' => 3,
        'Process' => 2,
        'Progress' => 2,
        'Util' => 2,
        'Worker' => 2,
    ];

    public function testEveryFolderHasALayer(): void
    {
        $folders = array_map('basename', glob(self::src().'/*', \GLOB_ONLYDIR) ?: []);

        self::assertSame([], array_values(array_diff($folders, array_keys(self::LAYERS))), 'a new folder of src/ needs its place in LAYERS (and in doc/architecture.md)');
    }

    public function testNoFolderCycle(): void
    {
        $edges = self::edges();
        $cycles = [];
        foreach (array_keys($edges) as $start) {
            $cycle = self::cycleThrough($start, $edges);
            if (null !== $cycle) {
                $cycles[] = self::describe($cycle, $edges);
            }
        }

        self::assertSame([], array_values(array_unique($cycles)), 'folders that depend on each other');
    }

    public function testDependenciesPointDown(): void
    {
        $wrong = [];
        foreach (self::edges() as $from => $targets) {
            foreach ($targets as $to => $file) {
                if (isset(self::LAYERS[$from], self::LAYERS[$to]) && self::LAYERS[$from] <= self::LAYERS[$to]) {
                    $wrong[] = \sprintf('%s → %s (%s)', $from, $to, $file);
                }
            }
        }

        self::assertSame([], $wrong, 'edges against the direction Console → Report → Bench / Doctor / Deploy → Usage / Script → Plan → Server / Inventory / Composer → Php → Process / Progress / Util / Worker');
    }

    public function testTheReaderSeesAnEdge(): void
    {
        // The check itself: Console uses Bench, so an edge the other way would be seen.
        self::assertArrayHasKey('Bench', self::edges()['Console'] ?? []);
    }

    /**
     * Folder => folder it uses => the first file (relative to src/) that uses it.
     *
     * @return array<string, array<string, string>>
     */
    private static function edges(): array
    {
        static $edges = null;
        if (null !== $edges) {
            return $edges;
        }
        $edges = [];
        $files = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator(self::src(), \FilesystemIterator::SKIP_DOTS));
        foreach ($files as $file) {
            if (!$file instanceof \SplFileInfo || 'php' !== $file->getExtension()) {
                continue;
            }
            $relative = substr($file->getPathname(), \strlen(self::src()) + 1);
            if (!str_contains($relative, '/')) {
                continue;
            }
            $from = (string) strstr($relative, '/', true);
            $code = (string) file_get_contents($file->getPathname());
            preg_match_all('/^use\s+(?:function\s+|const\s+)?Preheat\\\\(\w+)\\\\/m', $code, $uses);
            preg_match_all('/(?<![\w\\\\])\\\\Preheat\\\\(\w+)\\\\/', $code, $qualified);
            foreach ([...$uses[1], ...$qualified[1]] as $to) {
                if ($to !== $from && is_dir(self::src().'/'.$to)) {
                    $edges[$from][(string) $to] ??= $relative;
                }
            }
        }
        ksort($edges);

        return $edges;
    }

    /**
     * A path of folders from $start back to $start, or null.
     *
     * @param array<string, array<string, string>> $edges
     *
     * @return list<string>|null
     */
    private static function cycleThrough(string $start, array $edges): ?array
    {
        $queue = [[$start]];
        $seen = [];
        while ([] !== $queue) {
            $path = array_shift($queue);
            foreach (array_keys($edges[$path[\count($path) - 1]] ?? []) as $next) {
                if ($next === $start) {
                    return [...$path, $start];
                }
                if (!isset($seen[$next])) {
                    $seen[$next] = true;
                    $queue[] = [...$path, $next];
                }
            }
        }

        return null;
    }

    /**
     * "A → B (A/x.php) → A (B/y.php)", starting from the alphabetically first folder of the cycle.
     *
     * @param list<string>                         $cycle
     * @param array<string, array<string, string>> $edges
     */
    private static function describe(array $cycle, array $edges): string
    {
        $folders = \array_slice($cycle, 0, -1);
        $sorted = $folders;
        sort($sorted);
        $first = array_search($sorted[0] ?? '', $folders, true);
        $folders = [...\array_slice($folders, (int) $first), ...\array_slice($folders, 0, (int) $first)];
        $text = $folders[0];
        foreach ($folders as $index => $from) {
            $to = $folders[($index + 1) % \count($folders)];
            $text .= \sprintf(' → %s (%s)', $to, $edges[$from][$to]);
        }

        return $text;
    }

    private static function src(): string
    {
        return \dirname(__DIR__, 3).'/src';
    }
}
