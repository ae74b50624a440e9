<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;
use Preheat\Util\CycleCollection;

/**
 * Scans roots into an Inventory, parsing (on every core) only the files the cache does not already know,
 * by path or else by their bytes (InventoryCache's content index: a new release directory of the same files).
 */
final class InventoryBuilder
{
    private readonly ParallelAnalysis $analysis;

    public function __construct(
        FileAnalyzer $analyzer = new FileAnalyzer(),
        private readonly SourceFinder $finder = new SourceFinder(),
        ?int $workers = null,
    ) {
        $this->analysis = new ParallelAnalysis($analyzer, $workers ?? ParallelAnalysis::workersForThisMachine());
    }

    /**
     * @param list<string>                                 $roots
     * @param (callable(int $done, int $total): void)|null $progress
     */
    public function build(array $roots, InventoryCache $cache, ?callable $progress = null): InventoryScan
    {
        return $this->buildSelection(SourceSelection::ofFiles($this->finder->find($roots), $roots), $cache, $progress);
    }

    /**
     * The files a SourceSelection names: those under the roots into the inventory, the project's other
     * files into the context inventory (what they declare counts for duplicates).
     *
     * @param (callable(int $done, int $total): void)|null $progress
     */
    public function buildSelection(
        SourceSelection $selection,
        InventoryCache $cache,
        ?callable $progress = null,
    ): InventoryScan {
        return CycleCollection::paused(fn (): InventoryScan => $this->read($selection, $cache, $progress));
    }

    /** @param (callable(int $done, int $total): void)|null $progress */
    private function read(SourceSelection $selection, InventoryCache $cache, ?callable $progress): InventoryScan
    {
        $paths = [...$selection->files, ...$selection->context];
        $files = [];
        $toParse = [];
        $keys = [];
        $byContent = $cache->indexesContent();
        foreach ($paths as $path) {
            $size = (int) @filesize($path);
            $modifiedAt = (int) @filemtime($path);
            $inventory = $cache->get($path, $size, $modifiedAt);
            if (null === $inventory && $byContent && null !== ($code = self::code($path))) {
                // Not known at this path (a new release directory, a touched file): perhaps by its bytes.
                $keys[$path] = [InventoryCache::contentKey($path, $code), \strlen($code), $modifiedAt];
                $inventory = $cache->getByContent($path, $keys[$path][0], $size, $modifiedAt);
                if (null !== $inventory) {
                    $cache->put($inventory);
                }
            }
            if (null === $inventory) {
                $toParse[] = $path;
            }
            $files[$path] = $inventory;
        }
        $total = \count($paths);
        $cached = $total - \count($toParse);
        $parsed = $this->analysis->analyze(
            $toParse,
            null === $progress ? null : static fn (int $done) => $progress($cached + $done, $total),
        );
        foreach ($parsed->files as $path => $parsedFile) {
            $inventory = $parsedFile->inventory;
            $files[$path] = $inventory;
            $cache->put($inventory);
            // Indexed by the bytes read before parsing, unless the file changed meanwhile (then its analysis
            // may be of other bytes) or could not be parsed; an unreadable file (no key) only by its path.
            [$key, $size, $modifiedAt] = $keys[$path] ?? [null, -1, -1];
            if (
                null !== $key
                && null === $inventory->parseError
                && $inventory->stamp->is($size, $modifiedAt)
            ) {
                $cache->putContent($parsedFile->forContentIndex(), $key);
            }
        }
        if (null !== $progress) {
            $progress($total, $total);
        }
        $cache->save($paths);

        /** @var array<string, FileInventory> $files every path now has its inventory */
        $context = array_intersect_key($files, array_flip($selection->context));

        return new InventoryScan(
            new Inventory(array_diff_key($files, $context)),
            \count($toParse),
            new Inventory($context),
            $selection,
            $parsed->jitWorkers,
        );
    }

    /** The file's bytes for its content key, or null when it cannot be read or is too large to parse. */
    private static function code(string $path): ?string
    {
        try {
            return BoundedRead::file($path, FileAnalyzer::MAX_BYTES);
        } catch (BoundedReadError) {
            return null;
        }
    }
}
