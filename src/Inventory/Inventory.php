<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * Every scanned file's inventory, with indexes from a declared name to the files that declare it.
 * PHP looks class and function names up without regard to case, and so do these indexes.
 */
final class Inventory
{
    /** @var array<string, list<string>> lower-case class-like name => paths declaring it at top level */
    private array $classDeclarers = [];

    /** @var array<string, list<string>> lower-case function name => paths declaring it at top level */
    private array $functionDeclarers = [];

    /**
     * @var array<string, list<string>> lower-case name => paths declaring it only conditionally (or never: after a
     *                                  top-level return)
     */
    private array $conditionalDeclarers = [];

    /** @param array<string, FileInventory> $files keyed by path */
    public function __construct(public readonly array $files)
    {
        foreach ($files as $path => $file) {
            foreach ($file->declarations as $declaration) {
                $key = strtolower($declaration->name);
                if ($declaration->kind->isClassLike()) {
                    $this->classDeclarers[$key][] = $path;
                } else {
                    $this->functionDeclarers[$key][] = $path;
                }
            }
            foreach ([...$file->conditionalDeclarations, ...$file->unreachableDeclarations] as $declaration) {
                $this->conditionalDeclarers[strtolower($declaration->name)][] = $path;
            }
        }
    }

    public function file(string $path): ?FileInventory
    {
        return $this->files[$path] ?? null;
    }

    /** @return list<string> */
    public function filesDeclaringClass(string $name): array
    {
        return $this->classDeclarers[strtolower(ltrim($name, '\\'))] ?? [];
    }

    /** @return list<string> */
    public function filesDeclaringFunction(string $name): array
    {
        return $this->functionDeclarers[strtolower(ltrim($name, '\\'))] ?? [];
    }

    /** @return list<string> */
    public function filesDeclaringConditionally(string $name): array
    {
        return $this->conditionalDeclarers[strtolower(ltrim($name, '\\'))] ?? [];
    }

    public function count(): int
    {
        return \count($this->files);
    }
}
