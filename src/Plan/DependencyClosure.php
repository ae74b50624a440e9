<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Composer\ComposerProject;
use Preheat\Inventory\Declaration;
use Preheat\Inventory\FileInventory;
use Preheat\Inventory\Inventory;
use Preheat\Progress\Timings;
use Preheat\Util\RelativePath;

/**
 * The planner's third pass: closes the wanted files over what their classes need to link, dropping every
 * class PHP refuses whatever is loaded, or whose parent, interface, trait or signature dependency is not in
 * the plan, then the classes on a cycle of link and signature dependencies, and transitively what needs them.
 *
 * @internal
 */
final class DependencyClosure
{
    public function __construct(
        private readonly BuiltinSymbols $builtins,
        private readonly Timings $timings,
    ) {
    }

    /**
     * Drops, until nothing changes, every wanted class that cannot link because something it needs is not preloaded.
     */
    public function closeOverDependencies(PlanContext $context, PlanState $state): void
    {
        $inventory = $context->inventory;
        $project = $context->project;
        /**
         * @var array<string, array<string, array{string, SignatureDependency|null}>> $dependents lower-case dependency
         *                                                                            => path => [class needing it, the
         *                                                                            signature check needing it]
         */
        $dependents = [];
        $queue = [];
        foreach ($state->wanted as $path => $file) {
            foreach ($context->linkedClasses($file) as $declaration) {
                $conflict = $state->signatures()->conflictOf($declaration);
                if (null !== $conflict) {
                    $state->dropFileFor(
                        $file,
                        $declaration->name,
                        $this->forAnonymous($declaration, new Exclusion(DropReason::IncompatibleSignature, $conflict)),
                    );
                    $queue[] = $path;
                    continue 2;
                }
                foreach ($state->needsOf($declaration) as [$dependency, $key, $check]) {
                    if ($this->builtins->hasClass($dependency)) {
                        continue;
                    }
                    $provider = $state->providers[$key] ?? null;
                    if (null !== $provider && isset($state->wanted[$provider])) {
                        $dependents[$key][$path] ??= [$declaration->name, $check];
                        continue;
                    }
                    $exclusion = null === $check
                        ? $this->missingDependency($declaration, $dependency, $context, $state)
                        : $this->missingSignatureDependency($check, $inventory, $project, $state);
                    $state->dropFileFor($file, $declaration->name, $this->forAnonymous($declaration, $exclusion));
                    $queue[] = $path;
                    continue 3;
                }
            }
        }
        $this->propagate($queue, $dependents, $inventory, $state);
        $this->propagate(
            $this->timings->span('link cycles', fn (): array => $this->dropLinkCycles($state)),
            $dependents,
            $inventory,
            $state,
        );
    }

    /**
     * Drops, transitively, the classes that need one in a file just dropped.
     *
     * @param list<string>                                                          $queue      paths just dropped
     * @param array<string, array<string, array{string, SignatureDependency|null}>> $dependents
     */
    private function propagate(array $queue, array $dependents, Inventory $inventory, PlanState $state): void
    {
        while ([] !== $queue) {
            $dropped = $inventory->file(array_pop($queue));
            foreach (null === $dropped ? [] : $state->context->classLikes($dropped) as $declaration) {
                foreach ($dependents[strtolower($declaration->name)] ?? [] as $path => [$class, $check]) {
                    if (!isset($state->wanted[$path])) {
                        continue;
                    }
                    $dependent = $state->wanted[$path];
                    $needing = $this->declarationNamed($dependent, $class);
                    $exclusion = null === $check
                        ? $this->droppedDependency($needing, $declaration->name, $state)
                        : $this->droppedSignatureDependency($check, $state);
                    $state->dropFileFor($dependent, $class, $this->forAnonymous($needing, $exclusion));
                    $queue[] = $path;
                }
            }
        }
    }

    /**
     * Drops the classes of every cycle of link and signature dependencies that goes through a signature
     * (see LinkCycles; a cycle of parents alone is PHP's own error, left to the ordering).
     *
     * @return list<string> the paths dropped
     */
    private function dropLinkCycles(PlanState $state): array
    {
        $edges = [];
        $checks = [];
        foreach ($state->wanted as $path => $file) {
            foreach ($state->context->classLikes($file) as $declaration) {
                $from = strtolower($declaration->name);
                $edges[$from] = [];
                foreach ($state->needsOf($declaration) as [, $to, $check]) {
                    $provider = $state->providers[$to] ?? null;
                    if (null !== $provider && isset($state->wanted[$provider]) && $to !== $from) {
                        $edges[$from][] = $to;
                        if (null !== $check) {
                            $checks[$from][$to] ??= $check;
                        }
                    }
                }
            }
        }
        $dropped = [];
        foreach (LinkCycles::in($edges) as $cycle) {
            $members = array_fill_keys($cycle, true);
            $names = array_map(static fn (string $key): string => $state->declarations[$key]->name, $cycle);
            sort($names, \SORT_STRING);
            foreach ($cycle as $member) {
                foreach ($checks[$member] ?? [] as $to => $check) {
                    $path = $state->providers[$member];
                    if (!isset($members[$to]) || !isset($state->wanted[$path])) {
                        continue;
                    }
                    $exclusion = new Exclusion(DropReason::VarianceDependency, \sprintf(
                        'PHP must load %s to check %s, and that class can only be linked after this one (%s need each '.
                        'other), so at preload neither links',
                        $check->class,
                        $check->check,
                        implode(', ', $names),
                    ), $check->class);
                    $state->dropFileFor($state->wanted[$path], $state->declarations[$member]->name, $exclusion);
                    $dropped[] = $path;
                    break;
                }
            }
        }

        return $dropped;
    }

    private function missingSignatureDependency(
        SignatureDependency $check,
        Inventory $inventory,
        ComposerProject $project,
        PlanState $state,
    ): Exclusion {
        $class = $check->class;
        if (null !== $state->droppedClass($class)) {
            return $this->droppedSignatureDependency($check, $state);
        }
        $conditional = $inventory->filesDeclaringConditionally($class);
        $autoloaded = $project->autoload->fileFor($class);
        $where = match (true) {
            [] !== $conditional => \sprintf(
                'it is declared only conditionally (in %s)',
                RelativePath::of($conditional[0], $project->root),
            ),
            null !== $autoloaded => \sprintf(
                'it is in %s, outside the scanned paths',
                RelativePath::of($autoloaded, $project->root),
            ),
            default => 'it does not exist here (is an optional package not installed?)',
        };

        return new Exclusion(
            DropReason::VarianceDependency,
            \sprintf('PHP must load %s to check %s, and %s', $class, $check->check, $where),
            $class,
        );
    }

    private function droppedSignatureDependency(SignatureDependency $check, PlanState $state): Exclusion
    {
        $cause = $state->droppedClass($check->class);
        $name = null === $cause ? $check->class : $cause->name;

        return new Exclusion(DropReason::VarianceDependency, \sprintf(
            'PHP must load %s to check %s, and it is left out (%s)',
            $name,
            $check->check,
            null === $cause ? 'not preloaded' : $cause->exclusion->reason->label(),
        ), $name);
    }

    private function missingDependency(
        Declaration $declaration,
        string $dependency,
        PlanContext $context,
        PlanState $state,
    ): Exclusion {
        $inventory = $context->inventory;
        $project = $context->project;
        if (null !== $state->droppedClass($dependency)) {
            return $this->droppedDependency($declaration, $dependency, $state);
        }
        $role = $declaration->roleOf($dependency);
        $conditional = $inventory->filesDeclaringConditionally($dependency);
        if ([] !== $conditional) {
            return new Exclusion(DropReason::ConditionalDependency, \sprintf(
                'its %s %s is declared only conditionally (in %s), which PHP cannot preload',
                $role,
                $dependency,
                RelativePath::of($conditional[0], $project->root),
            ), $dependency);
        }
        $autoloaded = $project->autoload->fileFor($dependency);
        if (null !== $autoloaded) {
            return new Exclusion(DropReason::MissingDependency, \sprintf(
                'its %s %s is in %s, outside the scanned paths',
                $role,
                $dependency,
                RelativePath::of($autoloaded, $project->root),
            ), $dependency);
        }
        $location = $context->locator->locate($dependency);
        if (null !== $location) {
            return new Exclusion(DropReason::MissingDependency, \sprintf(
                'its %s %s is not in the scanned paths: it is declared in %s, %s%s',
                $role,
                $dependency,
                RelativePath::of($location->file, $project->root),
                $location->where,
                null === $location->paths ? '' : \sprintf(' (to scan it, scan the paths %s)', $location->paths),
            ), $dependency);
        }

        return new Exclusion(DropReason::MissingDependency, \sprintf(
            'its %s %s does not exist here (is an optional package not installed?)',
            $role,
            $dependency,
        ), $dependency);
    }

    private function droppedDependency(Declaration $declaration, string $dependency, PlanState $state): Exclusion
    {
        $cause = $state->droppedClass($dependency);
        $name = null === $cause ? $dependency : $cause->name;

        return new Exclusion(DropReason::DroppedDependency, \sprintf(
            'its %s %s is left out (%s)',
            $declaration->roleOf($dependency),
            $name,
            null === $cause ? 'not preloaded' : $cause->exclusion->reason->label(),
        ), $name);
    }

    /** An anonymous class has no name to report under, so the file's reason says which one it is. */
    private function forAnonymous(Declaration $declaration, Exclusion $exclusion): Exclusion
    {
        if (!str_starts_with($declaration->name, 'class@anonymous')) {
            return $exclusion;
        }

        return new Exclusion(
            $exclusion->reason,
            \sprintf(
                'the %s: %s',
                str_replace('class@anonymous', 'anonymous class', $declaration->name),
                $exclusion->message,
            ),
            $exclusion->because,
        );
    }

    private function declarationNamed(FileInventory $file, string $name): Declaration
    {
        foreach ($file->linkedClasses() as $declaration) {
            if ($declaration->name === $name) {
                return $declaration;
            }
        }

        throw new \LogicException(\sprintf('%s does not declare %s', $file->path, $name));
    }
}
