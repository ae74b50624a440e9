<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Composer\ComposerProject;
use Preheat\Inventory\Declaration;
use Preheat\Inventory\FileInventory;
use Preheat\Inventory\Inventory;

/**
 * What a plan is made from: the scanned files and the project they belong to. The same context is planned
 * again with other options (forced drops, seeds, fits) without scanning again.
 */
final class PlanContext
{
    public readonly Inventory $contextFiles;

    public readonly ClassLocator $locator;

    /** @var array<string, list<Declaration>> path => the class-likes it declares, listed once for every plan */
    private array $classLikes = [];

    /** @var array<string, list<Declaration>> path => the classes PHP links when it preloads it */
    private array $linkedClasses = [];

    /**
     * @param list<string>          $roots
     * @param Inventory|null        $contextFiles the project's other runtime files, outside the roots: what they
     *                                            declare counts for duplicates (the app may include them), they
     *                                            are never preloaded
     * @param array<string, string> $aliases      real path => the path under the project root it was found by
     *                                            through a link: --ignore globs match either
     */
    public function __construct(
        public readonly Inventory $inventory,
        public readonly ComposerProject $project,
        public readonly array $roots,
        ?Inventory $contextFiles = null,
        ?ClassLocator $locator = null,
        public readonly array $aliases = [],
    ) {
        $this->contextFiles = $contextFiles ?? new Inventory([]);
        $this->locator = $locator ?? ClassLocator::none();
    }

    /**
     * The context a result was planned in, to plan it again: the same one when the result has it, so that the
     * planner's work on it is not done twice.
     */
    public static function of(PlanResult $result): self
    {
        return $result->context ?? new self(
            $result->scan->inventory,
            $result->project,
            $result->plan->roots,
            $result->scan->context,
            $result->locator,
            $result->scan->selection->aliases ?? [],
        );
    }

    /** @return list<Declaration> the class-likes a scanned file declares (FileInventory::classLikes()) */
    public function classLikes(FileInventory $file): array
    {
        return $this->classLikes[$file->path] ??= $file->classLikes();
    }

    /** @return list<Declaration> the classes PHP links when it preloads a scanned file (see FileInventory) */
    public function linkedClasses(FileInventory $file): array
    {
        return $this->linkedClasses[$file->path] ??= $file->linkedClasses();
    }

    /** Whether $path was found through a link by a path $rule matches. */
    public function aliasMatches(IgnoreRule $rule, string $path): bool
    {
        return isset($this->aliases[$path]) && $rule->matchesPath($this->aliases[$path], $this->project->root);
    }
}
