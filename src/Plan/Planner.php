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
 * Turns an inventory into a plan that is safe by construction: it starts from every wanted file and
 * drops, transitively, whatever PHP could not preload or whose preloading would change what the app does.
 *
 * @phpstan-import-type Need from SignatureDependencies
 */
final class Planner
{
    private const MAX_CYCLE_ROUNDS = 20;

    private readonly BuiltinSignatures $builtinSignatures;

    /** @var \WeakMap<PlanContext, PlanMemory> what the plans of each context so far leave for the next */
    private \WeakMap $memories;

    public function __construct(
        private readonly BuiltinSymbols $builtins,
        private readonly Timings $timings = new Timings(),
    ) {
        $this->builtinSignatures = new BuiltinSignatures($builtins);
        $this->memories = new \WeakMap();
    }

    /**
     * A plan depends on its context and options alone, so one planner (for one PHP) plans a context again as
     * often as verification asks. What depends on the context alone is computed once for it and kept (while the
     * context lives): a plan after the first computes again only what the options change.
     */
    public function plan(PlanContext $context, PlanOptions $options): PreloadPlan
    {
        $inventory = $context->inventory;
        $project = $context->project;
        for ($round = 0; $round < self::MAX_CYCLE_ROUNDS; ++$round) {
            $state = $this->closed($context, $options);
            $this->applyFits($options, $state);
            $cycle = $this->timings->span('order', fn (): ?array => $this->order($state));
            if (null === $cycle) {
                // A name left out in one file may still be preloaded from the file the autoloader uses.
                $included = [];
                foreach ($state->ordered as $file) {
                    foreach ($file->classes as $class) {
                        $included[strtolower($class)] = true;
                    }
                }

                return new PreloadPlan(
                    $options->strategy,
                    $project->root,
                    $context->roots,
                    $state->ordered,
                    $state->droppedFiles,
                    array_diff_key($state->droppedClasses, $included),
                    $inventory->count(),
                );
            }
            $options = $options->withForcedDrops(new ForcedDrops(ForcedDrop::linkCycle($cycle[0], $cycle[1])));
        }

        throw new \LogicException('Could not order the files: too many circular dependencies between files.');
    }

    /**
     * The state once the plan is closed over what its classes need, before the fits: computed again only when
     * what it depends on changed since the last plan of the context (the fits do not change it, the seeds
     * change it from the seeding on, and a forced drop from the screening on).
     */
    private function closed(PlanContext $context, PlanOptions $options): PlanState
    {
        $memory = $this->memoryOf($context);
        $state = $memory->closing($options);
        if (null !== $state) {
            $state->signatures = $this->signaturesFor($context, $state->declarations);

            return $state;
        }
        $state = $this->timings->span(
            'screen files (incl. duplicates with context files)',
            fn (): PlanState => $this->screened($context, $options, $memory),
        );
        $state->signatures = $this->signaturesFor($context, $state->declarations);
        $this->timings->span('select seeds', fn () => $this->selectSeeds($context->inventory, $options, $state));
        $this->timings->span('close over dependencies', fn () => $this->closeOverDependencies($context, $state));
        $memory->keepClosing($options, $state);

        return $state;
    }

    private function memoryOf(PlanContext $context): PlanMemory
    {
        $memory = $this->memories[$context] ?? null;
        if (null === $memory) {
            $memory = new PlanMemory();
            $this->memories[$context] = $memory;
        }

        return $memory;
    }

    /** The state after screening: computed again only when what screening depends on changed (see closed()). */
    private function screened(PlanContext $context, PlanOptions $options, PlanMemory $memory): PlanState
    {
        $state = $memory->screening($options);
        if (null !== $state) {
            return $state;
        }
        $state = new PlanState($context);
        $requireRule = null === $options->requires ? null : new RequireLoadedRule(
            $options->requires,
            $context->inventory,
            $context->project,
        );
        $pathRule = new IncludedByPathRule($context->project, $options->requires);
        $this->screenFiles($context, $options, $state, $requireRule, $pathRule, $memory);
        $memory->keepScreening($options, $state);

        return $state;
    }

    /** Drops files for reasons of their own, before looking at what they need. */
    private function screenFiles(
        PlanContext $context,
        PlanOptions $options,
        PlanState $state,
        ?RequireLoadedRule $requireRule,
        IncludedByPathRule $pathRule,
        PlanMemory $memory,
    ): void {
        foreach ($context->inventory->files as $path => $file) {
            $exclusion = $this->fileExclusion($file, $context, $options, $requireRule, $pathRule, $state);
            if (null !== $exclusion) {
                $state->dropFile($file, $exclusion);
                continue;
            }
            foreach ($file->declarations as $declaration) {
                $exclusion = $this->declarationExclusion($declaration, $file, $context, $options, $memory);
                if (null !== $exclusion) {
                    $state->dropFileFor($file, $declaration->name, $exclusion);
                    continue 2;
                }
            }
            $state->eligible[$path] = $file;
            foreach ($context->classLikes($file) as $declaration) {
                $state->providers[strtolower($declaration->name)] = $path;
                $state->declarations[strtolower($declaration->name)] = $declaration;
            }
        }
    }

    private function fileExclusion(
        FileInventory $file,
        PlanContext $context,
        PlanOptions $options,
        ?RequireLoadedRule $requireRule,
        IncludedByPathRule $pathRule,
        PlanState $state,
    ): ?Exclusion {
        $project = $context->project;
        $package = $project->packageOf($file->path);
        if (!$options->includeDev && null !== $package && $package->isDev) {
            return new Exclusion(
                DropReason::DevPackage,
                \sprintf('in %s, a dev package (kept only when dev packages are included)', $package->name),
            );
        }
        foreach ($options->ignore as $rule) {
            if ($rule->matchesPath($file->path, $project->root) || $context->aliasMatches($rule, $file->path)) {
                return new Exclusion(DropReason::Ignored, \sprintf('matches the ignore pattern %s', $rule->pattern));
            }
        }
        if (null !== $file->parseError) {
            return new Exclusion(DropReason::ParseError, \sprintf('does not parse: %s', $file->parseError));
        }
        if (!$file->compilesOn($this->builtins->phpVersion)) {
            // Parsed with the newest grammar, but the PHP the plan is for cannot compile it: preloading it
            // there would be a parse error at start-up. The app can only include it on a newer PHP.
            return new Exclusion(DropReason::ParseError, \sprintf(
                'does not parse on PHP %s, which the plan is for: %s needs PHP %s',
                $this->builtins->phpVersion,
                $file->syntaxReason,
                $file->syntaxVersion,
            ));
        }
        $forced = $options->forcedDrops->forFile($file->path);
        if (null !== $forced) {
            return $forced->exclusion($file->path);
        }
        if ([] !== $file->unreachableDeclarations) {
            $first = $file->unreachableDeclarations[0];

            return new Exclusion(DropReason::UnreachableDeclaration, \sprintf(
                'declares %s %s (line %d): PHP never declares it when the file is included, but preloading the file '.
                'would',
                $first->name,
                $first->context,
                $first->line,
            ));
        }
        if ([] === $file->declarations) {
            if ([] !== $file->conditionalDeclarations) {
                $first = $file->conditionalDeclarations[0];

                return new Exclusion(DropReason::NothingToPreload, \sprintf(
                    'declares %s only %s (line %d): PHP preloads only top-level declarations',
                    $first->name,
                    $first->context,
                    $first->line,
                ));
            }

            return new Exclusion(DropReason::NothingToPreload, 'declares no class or function at top level');
        }
        $includedByPath = $pathRule->exclusion($file);
        if (null !== $includedByPath) {
            return $includedByPath;
        }
        if ($file->hasSideEffects()) {
            $effects = implode(
                ', ',
                array_map('strval', \array_slice($file->sideEffects, 0, 3)),
            ).(\count($file->sideEffects) > 3 ? ', ...' : '');
            $refusal = null;
            $kept = $requireRule?->keep($file, $refusal);
            if (null !== $kept) {
                $state->kept[$file->path] = \sprintf('it runs code when included (%s), but %s', $effects, $kept);

                return null;
            }

            return new Exclusion(DropReason::SideEffects, \sprintf(
                'runs code when included (%s): once its classes are preloaded the file is never included, so that '.
                'code would never run%s',
                $effects,
                null === $refusal ? '' : '; not kept as only ever required: '.$refusal,
            ));
        }

        return null;
    }

    private function declarationExclusion(
        Declaration $declaration,
        FileInventory $file,
        PlanContext $context,
        PlanOptions $options,
        PlanMemory $memory,
    ): ?Exclusion {
        $project = $context->project;
        $name = $declaration->name;
        [$builtin, $autoloaded, $others] = $memory->placements[spl_object_id($declaration)]
            ??= $this->placement($declaration, $file, $context);
        if (!$declaration->kind->isClassLike()) {
            if ($builtin) {
                return new Exclusion(
                    DropReason::BuiltinName,
                    \sprintf('declares function %s(), which PHP already has built in (a polyfill)', $name),
                );
            }
            if ([] !== $others) {
                return new Exclusion(DropReason::DuplicateFunction, \sprintf(
                    'declares function %s(), also declared in %s%s: once it is preloaded, including that file is a '.
                    'fatal "Cannot redeclare %s()"',
                    $name,
                    RelativePath::of($others[0], $project->root),
                    $this->duplicateNote($others[0], $context, $options),
                    $name,
                ));
            }

            return null;
        }
        if ($builtin) {
            return new Exclusion(
                DropReason::BuiltinName,
                \sprintf('declares %s, which PHP already has built in (a polyfill stub)', $name),
            );
        }
        foreach ($options->ignore as $rule) {
            if ($rule->matchesClass($name)) {
                return new Exclusion(
                    DropReason::Ignored,
                    \sprintf('%s matches the ignore pattern %s', $name, $rule->pattern),
                );
            }
        }
        $forced = $options->forcedDrops->forClass($name);
        if (null !== $forced) {
            return $forced->exclusion($name);
        }
        if (null !== $autoloaded && $autoloaded !== $file->path) {
            return new Exclusion(
                DropReason::AutoloadMismatch,
                \sprintf(
                    'the autoloader loads %s from %s, not from this file',
                    $name,
                    RelativePath::of($autoloaded, $project->root),
                ),
            );
        }
        if ([] !== $others) {
            return new Exclusion(DropReason::DuplicateClass, \sprintf(
                '%s is also declared in %s%s and the autoloader maps neither: preloading one would break the '.
                'other with "Cannot declare class"',
                $name,
                RelativePath::of($others[0], $project->root),
                $this->duplicateNote($others[0], $context, $options),
            ));
        }

        return null;
    }

    /**
     * What screening asks of the scan alone about a declaration, asked once per context: whether PHP has its
     * name built in, the file the autoloader maps it to (a class's), and the other files of the app declaring it
     * (where that counts: for a function, or a class the autoloader does not map).
     *
     * @return array{bool, string|null, list<string>}
     */
    private function placement(Declaration $declaration, FileInventory $file, PlanContext $context): array
    {
        $name = $declaration->name;
        if (!$declaration->kind->isClassLike()) {
            $builtin = $this->builtins->hasFunction($name);
            $others = $builtin ? [] : [
                ...$context->inventory->filesDeclaringFunction($name),
                ...$context->contextFiles->filesDeclaringFunction($name),
            ];

            return [$builtin, null, array_values(array_diff($others, [$file->path]))];
        }
        if ($this->builtins->hasClass($name)) {
            return [true, null, []];
        }
        $autoloaded = $context->project->autoload->fileFor($name);
        $others = null !== $autoloaded ? [] : [
            ...$context->inventory->filesDeclaringClass($name),
            ...$context->contextFiles->filesDeclaringClass($name),
        ];

        return [false, $autoloaded, array_values(array_diff($others, [$file->path]))];
    }

    /** Why a file that is not preloaded still counts for duplicates, when that is not obvious. */
    private function duplicateNote(string $other, PlanContext $context, PlanOptions $options): string
    {
        $project = $context->project;
        if (null === $context->inventory->file($other)) {
            return ' (not scanned, but part of the app: it may be included at run time)';
        }
        foreach ($options->ignore as $rule) {
            if ($rule->matchesPath($other, $project->root) || $context->aliasMatches($rule, $other)) {
                return \sprintf(
                    ' (ignored with the pattern %s, which keeps it out of the preload script but not out of the app: '.
                    'it may still be included, so its declarations still count)',
                    $rule->pattern,
                );
            }
        }

        return '';
    }

    /** Keeps the files the strategy wants plus, transitively, those that declare what they need to link. */
    private function selectSeeds(Inventory $inventory, PlanOptions $options, PlanState $state): void
    {
        if (null === $options->seeds) {
            $state->wanted = $state->eligible;

            return;
        }
        $queue = array_values(
            array_filter($options->seeds, static fn (string $path): bool => isset($state->eligible[$path])),
        );
        while ([] !== $queue) {
            $path = array_pop($queue);
            if (isset($state->wanted[$path])) {
                continue;
            }
            $state->wanted[$path] = $state->eligible[$path];
            foreach ($state->context->linkedClasses($state->eligible[$path]) as $declaration) {
                foreach ($this->needs($declaration, $state) as [, $key]) {
                    $provider = $state->providers[$key] ?? null;
                    if (null !== $provider && !isset($state->wanted[$provider])) {
                        $queue[] = $provider;
                    }
                }
            }
        }
        foreach ($state->eligible as $path => $file) {
            if (!isset($state->wanted[$path])) {
                $state->dropFile(
                    $file,
                    new Exclusion(
                        DropReason::NotSelected,
                        \sprintf('not chosen by the %s strategy', $options->strategy),
                    ),
                );
            }
        }
    }

    /**
     * Drops, until nothing changes, every wanted class that cannot link because something it needs is not preloaded.
     */
    private function closeOverDependencies(PlanContext $context, PlanState $state): void
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
                $conflict = $this->signatures($state)->conflictOf($declaration);
                if (null !== $conflict) {
                    $state->dropFileFor(
                        $file,
                        $declaration->name,
                        $this->forAnonymous($declaration, new Exclusion(DropReason::IncompatibleSignature, $conflict)),
                    );
                    $queue[] = $path;
                    continue 2;
                }
                foreach ($this->needs($declaration, $state) as [$dependency, $key, $check]) {
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
                foreach ($this->needs($declaration, $state) as [, $to, $check]) {
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

    /**
     * What a class needs in the plan to link: its parent, interfaces and traits, then the classes PHP loads
     * to check its methods' signatures against its ancestors' (those come with the check that needs them).
     *
     * @return list<Need> [name, lower-case name, check]
     */
    private function needs(Declaration $declaration, PlanState $state): array
    {
        return $this->signatures($state)->needsOf($declaration);
    }

    private function signatures(PlanState $state): SignatureDependencies
    {
        return $state->signatures ?? throw new \LogicException('The signature dependencies are made after screening.');
    }

    /**
     * What PHP loads to check the signatures of $declarations: the context's index, moved to them, so that a
     * plan of the same context with other forced drops computes again only the classes they touch.
     *
     * @param array<string, Declaration> $declarations
     */
    private function signaturesFor(PlanContext $context, array $declarations): SignatureDependencies
    {
        return $this->timings->span(
            'signature dependencies (index)',
            fn (): SignatureDependencies => $this->memoryOf($context)->signatures?->update($declarations)
                ?? $this->memoryOf($context)->signatures = new SignatureDependencies(
                    $declarations,
                    $this->builtinSignatures,
                    $this->builtins->phpVersion,
                ),
        );
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

    /**
     * Leaves out, fit by fit, every wanted file a capacity fit does not keep. The kept files keep what they
     * need (the fitter keeps link closures; a signature dependency comes with them as the seeds' do), so
     * the plan stays closed over its dependencies.
     */
    private function applyFits(PlanOptions $options, PlanState $state): void
    {
        foreach ($options->fits as $fit) {
            $keep = [];
            $queue = array_values(array_filter(array_keys($state->wanted), $fit->keeps(...)));
            while ([] !== $queue) {
                $path = array_pop($queue);
                if (isset($keep[$path]) || !isset($state->wanted[$path])) {
                    continue;
                }
                $keep[$path] = true;
                foreach ($state->context->linkedClasses($state->wanted[$path]) as $declaration) {
                    foreach ($this->needs($declaration, $state) as [, $key]) {
                        $provider = $state->providers[$key] ?? null;
                        if (null !== $provider && !isset($keep[$provider])) {
                            $queue[] = $provider;
                        }
                    }
                }
            }
            foreach ($state->wanted as $path => $file) {
                if (!isset($keep[$path])) {
                    $state->dropFile($file, new Exclusion(DropReason::OverIniCapacity, $fit->why));
                }
            }
        }
    }

    /**
     * Puts the wanted files in an order where every class's parent, interfaces and traits are compiled
     * before it. (OPcache links what it can after the script has run, but an ordered script also works
     * for PHP's require-based preloading and reads top-down.).
     *
     * @return array{string, string}|null a class on a dependency cycle between files and the class closing it, if any
     */
    private function order(PlanState $state): ?array
    {
        $marks = [];
        $ordered = [];
        $ancestors = [];
        $paths = array_keys($state->wanted);
        sort($paths, \SORT_STRING);
        foreach ($paths as $path) {
            if (!isset($marks[$path])) {
                $cycle = $this->visit($path, $state, $marks, $ordered, $ancestors, false);
                if (null !== $cycle) {
                    return $cycle;
                }
            }
        }
        $state->ordered = $ordered;

        return null;
    }

    /**
     * Depth-first: a file goes out after the files it needs. Marks: 1 on the current path, 2 written.
     *
     * Link dependencies are hard: a cycle of them is returned. Signature dependencies are a courtesy
     * (OPcache links in whatever order it can once every file is compiled; classes whose dependencies form
     * a cycle are out already, see LinkCycles): one is followed only to a file none of whose link ancestors
     * is on the current path, and below it only link dependencies are followed, so that it can never put a
     * file after one it links to (two classes of one file can still make such a cycle between files).
     *
     * @param array<string, int>                 $marks
     * @param list<PlannedFile>                  $ordered
     * @param array<string, array<string, true>> $ancestors path => the wanted files it needs to link, transitively
     *
     * @return array{string, string}|null
     */
    private function visit(
        string $path,
        PlanState $state,
        array &$marks,
        array &$ordered,
        array &$ancestors,
        bool $linksOnly,
    ): ?array {
        $marks[$path] = 1;
        $file = $state->wanted[$path];
        // Named classes only: the preload script never declares an anonymous class (OPcache links it, if
        // at all, after compiling every file), so what it links to puts no order on files, and a trait
        // whose method returns `new class extends X { use ThisTrait; }` is no cycle.
        $classes = $state->context->classLikes($file);
        foreach ($classes as $declaration) {
            foreach ($this->needs($declaration, $state) as [$dependency, $key, $check]) {
                $provider = $state->providers[$key] ?? null;
                if (null === $provider || $provider === $path || !isset($state->wanted[$provider])) {
                    continue;
                }
                $mark = $marks[$provider] ?? 0;
                if (null !== $check) {
                    if (
                        $linksOnly
                        || 0 !== $mark
                        || $this->anyOnPath($this->linkAncestors($provider, $state, $ancestors), $marks)
                    ) {
                        continue;
                    }
                    $cycle = $this->visit($provider, $state, $marks, $ordered, $ancestors, true);
                    if (null !== $cycle) {
                        return $cycle;
                    }
                    continue;
                }
                if (1 === $mark) {
                    return [strtolower($declaration->name), $dependency];
                }
                if (0 === $mark) {
                    $cycle = $this->visit($provider, $state, $marks, $ordered, $ancestors, $linksOnly);
                    if (null !== $cycle) {
                        return $cycle;
                    }
                }
            }
        }
        $marks[$path] = 2;
        $ordered[] = new PlannedFile(
            $path,
            array_map(static fn (Declaration $d): string => $d->name, $classes),
            array_map(static fn (Declaration $d): string => $d->name, $file->functions()),
            $state->kept[$path] ?? null,
        );

        return null;
    }

    /**
     * @param array<string, array<string, true>> $memo
     *
     * @return array<string, true> the wanted files $path needs to link (parents, interfaces, traits), transitively
     */
    private function linkAncestors(string $path, PlanState $state, array &$memo): array
    {
        if (isset($memo[$path])) {
            return $memo[$path];
        }
        $found = [];
        $queue = [$path];
        while ([] !== $queue) {
            $file = $state->wanted[array_pop($queue)] ?? null;
            foreach (null === $file ? [] : $state->context->classLikes($file) as $declaration) {
                foreach ($declaration->linkDependencies() as $dependency) {
                    $provider = $state->providers[strtolower($dependency)] ?? null;
                    if (null !== $provider && isset($state->wanted[$provider]) && !isset($found[$provider])) {
                        $found[$provider] = true;
                        $queue[] = $provider;
                    }
                }
            }
        }

        return $memo[$path] = $found;
    }

    /**
     * @param array<string, true> $files
     * @param array<string, int>  $marks
     */
    private function anyOnPath(array $files, array $marks): bool
    {
        foreach ($files as $file => $_) {
            if (1 === ($marks[$file] ?? 0)) {
                return true;
            }
        }

        return false;
    }
}
