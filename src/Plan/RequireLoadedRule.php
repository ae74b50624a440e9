<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Composer\ComposerProject;
use Preheat\Inventory\ConstantTable;
use Preheat\Inventory\FileInventory;
use Preheat\Inventory\GuardedInclude;
use Preheat\Inventory\Inventory;
use Preheat\Util\RelativePath;

/**
 * When a file whose top level runs code may be preloaded all the same.
 *
 * Preloaded, a file's functions and classes exist from the start of every request; its top-level
 * code does not run then (opcache_compile_file() runs nothing, so define() has not happened). When
 * the app later includes the file with require, include or their _once forms, PHP runs its top-level
 * code as before and skips the declarations already there, without "Cannot redeclare": a preloaded
 * file is not among the request's included files, so require_once includes it once too. So a file the
 * app always loads with an explicit require behaves the same preloaded. Not so a file an autoloader
 * loads (its class exists, the autoloader is never asked, its code never runs), nor one an include
 * reaches only when a function or class does not exist yet (preloaded, it does: the include is skipped).
 *
 * A side-effect file is kept only when: recorded requests loaded it and every one of those loads was
 * outside any autoloader; no guarded include in the scanned files asks about a function or class it
 * declares (where the guard builds the name at runtime: none may reach it, by its resolved path or the
 * known end of a path that could not be resolved); every recorded file under the project root
 * was scanned (a guard in an unscanned file could not be ruled out); and the autoloader maps none of
 * its classes to it.
 */
final class RequireLoadedRule
{
    /** @var list<array{string, GuardedInclude}> */
    private readonly array $guards;

    /** @var list<string> recorded files under the project root that were not scanned */
    private readonly array $unscanned;

    public function __construct(
        private readonly RequireEvidence $evidence,
        Inventory $inventory,
        private readonly ComposerProject $project,
    ) {
        $guards = [];
        $constants = ConstantTable::of($inventory);
        foreach ($inventory->files as $path => $file) {
            foreach ($file->includes->guarded as $include) {
                $guards[] = [(string) $path, $include->withConstants($constants)];
            }
        }
        $this->guards = $guards;
        $this->unscanned = array_values(array_filter(
            $evidence->recordedFiles(),
            static fn (string $path): bool => str_starts_with(
                $path,
                $project->root.'/',
            ) && null === $inventory->file($path),
        ));
    }

    /** Why the file may be preloaded despite its side effects, or null with $refusal saying why not. */
    public function keep(FileInventory $file, ?string &$refusal = null): ?string
    {
        $path = $file->path;
        $loads = $this->evidence->loads($path);
        if (0 === $loads) {
            $refusal = null;

            return null;
        }
        if (!$this->evidence->onlyRequired($path)) {
            $refusal = \sprintf('%s loaded it from inside an autoloader, or could not tell', $this->evidence->source);

            return null;
        }
        foreach ($this->guards as [$in, $include]) {
            $change = $include->changedBy($file);
            if (null !== $change) {
                $refusal = \sprintf(
                    'the include on line %d of %s runs only depending on a check that %s: preloaded, the answer would '.
                    'change from the start of the request and the include be skipped',
                    $include->line,
                    RelativePath::of($in, $this->project->root),
                    $change,
                );

                return null;
            }
        }
        if ([] !== $this->unscanned) {
            $refusal = \sprintf(
                '%d loaded file(s) were not scanned (%s%s), so a guarded include there cannot be ruled out: add them '.
                'to the scanned paths',
                \count($this->unscanned),
                RelativePath::of($this->unscanned[0], $this->project->root),
                \count($this->unscanned) > 1 ? ', ...' : '',
            );

            return null;
        }
        foreach ($file->classLikes() as $declaration) {
            if ($this->project->autoload->fileFor($declaration->name) === $path) {
                $refusal = \sprintf('the autoloader maps %s to it', $declaration->name);

                return null;
            }
        }
        $refusal = null;

        return \sprintf(
            'every one of its %d load(s) in %s was an explicit require or include outside any autoloader, and no '.
            'include guarded by function_exists(), class_exists() or the like asks about what it declares: PHP still '.
            'runs its top-level code at that require (and skips the declarations preloaded), so the app behaves the '.
            'same',
            $loads,
            $this->evidence->source,
        );
    }
}
