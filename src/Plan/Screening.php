<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\Declaration;
use Preheat\Inventory\FileInventory;
use Preheat\Util\RelativePath;

/**
 * The planner's first pass: drops files for reasons of their own (dev package, ignore rule, parse error,
 * syntax the target PHP cannot compile, unreachable declaration, nothing to preload, side effects) or of one
 * of their declarations (a name PHP has built in, a class the autoloader loads from elsewhere, a class or
 * function declared twice), before looking at what they need; the files left are eligible, and their
 * class-likes the declarations the rest of the plan links.
 *
 * @internal
 */
final class Screening
{
    public function __construct(private readonly BuiltinSymbols $builtins)
    {
    }

    /** Drops files for reasons of their own, before looking at what they need. */
    public function screenFiles(
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
                $file->syntax?->reason,
                $file->syntax?->version,
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
}
