<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * Lists the PHP files under a set of roots, each once, in a stable order.
 */
final class SourceFinder
{
    /**
     * @param list<string> $roots absolute paths of directories or single files
     *
     * @return list<string> real paths, sorted
     */
    public function find(array $roots): array
    {
        $files = [];
        foreach ($roots as $root) {
            if (is_file($root)) {
                $files[realpath($root) ?: $root] = true;
                continue;
            }
            $iterator = new \RecursiveIteratorIterator(
                new \RecursiveDirectoryIterator($root, \FilesystemIterator::SKIP_DOTS | \FilesystemIterator::CURRENT_AS_PATHNAME),
                \RecursiveIteratorIterator::LEAVES_ONLY,
                \RecursiveIteratorIterator::CATCH_GET_CHILD,
            );
            foreach ($iterator as $path) {
                if (str_ends_with($path, '.php') && is_file($path)) {
                    $files[realpath($path) ?: $path] = true;
                }
            }
        }
        $paths = array_map('strval', array_keys($files));
        sort($paths, \SORT_STRING);

        return $paths;
    }
}
