<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Architecture;

use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * The folders of src/ depend on each other in one direction only:
 * Console → Report → Bench / Doctor / Deploy → Usage / Script / Config → Plan → Server / Inventory / Composer → Php
 * → Process / Progress / Worker → Util.
 * Read from every `use` statement (and fully qualified name) under src/: a folder cycle, or an edge against
 * that direction, fails and is named with a file that makes it. Inside each folder, at any depth, its
 * subfolders and its own top-level classes form no cycle either.
 */
final class FolderDependencyTest extends TestCase
{
    /**
     * A folder may use the folders of a lower layer only; folders of one layer do not use each other.
     * Names in the root namespace (UserError, Version) and outside src/ (the recorder) are usable by all.
     */
    private const LAYERS = [
        'Integration' => 10,
        'Console' => 9,
        'Report' => 8,
        'Bench' => 7,
        'Doctor' => 7,
        'Deploy' => 7,
        'Usage' => 6,
        'Config' => 6,
        'Script' => 6,
        'Plan' => 5,
        'Server' => 4,
        'Inventory' => 4,
        'Composer' => 4,
        'Php' => 3,
        'Process' => 2,
        'Progress' => 2,
        'Worker' => 2,
        'Util' => 1,
    ];

    public function testEveryFolderHasALayer(): void
    {
        $folders = array_map('basename', glob(self::src().'/*', \GLOB_ONLYDIR) ?: []);

        self::assertSame(
            [],
            array_values(array_diff($folders, array_keys(self::LAYERS))),
            'a new folder of src/ needs its place in LAYERS (and in doc/architecture.md)',
        );
    }

    public function testNoFolderCycle(): void
    {
        self::assertSame([], array_values(self::cycles(['' => self::edges()])), 'folders that depend on each other');
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

        self::assertSame([], $wrong, 'edges against the direction Console → Report → Bench / Doctor / Deploy'
            .' → Usage / Script / Config → Plan → Server / Inventory / Composer → Php → Process / Progress / Worker'
            .' → Util');
    }

    public function testTheReaderSeesAnEdge(): void
    {
        // The check itself: Console uses Bench, so an edge the other way would be seen.
        self::assertArrayHasKey('Bench', self::edges()['Console'] ?? []);
    }

    /**
     * Inside every folder, at any depth, its subfolders and its own top-level classes (FOLDER/*) depend on
     * each other in one direction only: no cycle between sibling subfolders, and a subfolder that uses its
     * parent's top-level classes is not used by them. Shared value types belong below their users.
     */
    public function testNoSubfolderCycle(): void
    {
        self::assertSame(
            [],
            array_values(self::cycles(self::innerEdges(self::src()))),
            'subfolders that depend on each other (or on their parent\'s top level)',
        );
    }

    public function testTheReaderSeesSubfolderCycles(): void
    {
        // The check itself, on a tree made for it: a parent's top level and its subfolder, and two siblings
        // two folders down, each pair using each other; a third sibling used by one of them only.
        $tree = new TemporaryDirectory('preheat-folders-');
        try {
            $files = [
                'A/Top.php' => 'use Preheat\A\B\One;',
                'A/B/One.php' => 'use Preheat\A\Top;',
                'A/C/D/Two.php' => "use Preheat\\A\\C\\E\\Three;\nuse Preheat\\A\\C\\F\\Four;",
                'A/C/E/Three.php' => 'new \Preheat\A\C\D\Two();',
                'A/C/F/Four.php' => '',
            ];
            foreach ($files as $file => $code) {
                @mkdir(\dirname($tree->path.'/'.$file), 0777, true);
                file_put_contents($tree->path.'/'.$file, "<?php\n\n".$code."\n");
            }

            self::assertSame([
                'A/* ↔ A/B' => 'A/* → A/B (A/Top.php) → A/* (A/B/One.php)',
                'A/C/D ↔ A/C/E' => 'A/C/D → A/C/E (A/C/D/Two.php) → A/C/D (A/C/E/Three.php)',
            ], self::cycles(self::innerEdges($tree->path)));
        } finally {
            $tree->remove();
        }
    }

    public function testTheReaderSeesASubfolderEdge(): void
    {
        // On src/ itself: the runner, at Bench's top level, uses the records of Bench/Result.
        self::assertArrayHasKey('Bench/Result', self::innerEdges(self::src())['Bench']['Bench/*'] ?? []);
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
        $files = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator(self::src(), \FilesystemIterator::SKIP_DOTS),
        );
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
     * Inside each folder (at any depth): its subfolder or top level (FOLDER/*) => the one it uses => the first
     * file (relative to the tree) that makes the edge. An edge belongs to the deepest folder that holds both
     * ends: Bench/Load/Callgrind using Bench/Result is Bench/Load → Bench/Result inside Bench.
     *
     * @return array<string, array<string, array<string, string>>> folder => edges
     */
    private static function innerEdges(string $root): array
    {
        $edges = [];
        $files = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($root, \FilesystemIterator::SKIP_DOTS));
        foreach ($files as $file) {
            if (!$file instanceof \SplFileInfo || 'php' !== $file->getExtension()) {
                continue;
            }
            $relative = substr($file->getPathname(), \strlen($root) + 1);
            $from = explode('/', \dirname($relative));
            $code = (string) file_get_contents($file->getPathname());
            preg_match_all('/^use\s+(?:function\s+|const\s+)?Preheat\\\\([\w\\\\]+)/m', $code, $uses);
            preg_match_all('/(?<![\w\\\\])\\\\Preheat\\\\([\w\\\\]+)/', $code, $qualified);
            foreach ([...$uses[1], ...$qualified[1]] as $name) {
                $path = str_replace('\\', '/', $name);
                // A class's folder; a namespace used as such (`use Preheat\Bench\Result;`) is its own.
                $to = explode('/', is_dir($root.'/'.$path) ? $path : \dirname($path));
                $common = 0;
                while (isset($from[$common], $to[$common]) && $from[$common] === $to[$common]) {
                    ++$common;
                }
                if (0 === $common || $from === $to || '.' === $to[0]) {
                    continue; // between top-level folders (see edges()), or inside one folder
                }
                $folder = implode('/', \array_slice($from, 0, $common));
                $node = static fn (array $parts): string => $folder.'/'.($parts[$common] ?? '*');
                $edges[$folder][$node($from)][$node($to)] ??= $relative;
            }
        }
        ksort($edges);

        return $edges;
    }

    /**
     * Every cycle in each folder's edges, described with the files that make it, by its sorted members.
     *
     * @param array<string, array<string, array<string, string>>> $edges folder => edges
     *
     * @return array<string, string>
     */
    private static function cycles(array $edges): array
    {
        $cycles = [];
        foreach ($edges as $inside) {
            foreach (array_keys($inside) as $start) {
                $cycle = self::cycleThrough($start, $inside);
                if (null === $cycle) {
                    continue;
                }
                $members = \array_slice($cycle, 0, -1);
                sort($members);
                $cycles[implode(' ↔ ', $members)] ??= self::describe($cycle, $inside);
            }
        }
        ksort($cycles);

        return $cycles;
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
