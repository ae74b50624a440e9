<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\Inventory;
use Preheat\Inventory\InventoryScan;
use Preheat\Inventory\SkippedPath;
use Preheat\Setting;
use Preheat\Util\RelativePath;

final class Explainer
{
    private const MAX_CHAIN = 50;

    /** @param ClassLocator|null $locator where to look for a class no scanned file declares */
    public function explain(
        PreloadPlan $plan,
        Inventory $inventory,
        string $subject,
        string $workingDirectory,
        ?InventoryScan $scan = null,
        ?ClassLocator $locator = null,
    ): Explanation {
        $file = $this->asFile($subject, $plan->projectRoot, $workingDirectory);
        if (null !== $file) {
            $explanation = $this->explainFile($plan, $inventory, $subject, $file);

            return null === $scan || $explanation->found ? $explanation : $this->whyNotScanned(
                $explanation,
                $file,
                $plan,
                $scan,
            );
        }

        return $this->explainClass($plan, $inventory, ltrim($subject, '\\'), $locator);
    }

    private function explainFile(PreloadPlan $plan, Inventory $inventory, string $subject, string $path): Explanation
    {
        $included = $plan->includedFile($path);
        if (null !== $included) {
            return new Explanation($subject, 'file', true, true, $path, [], self::keptNote($included));
        }
        $dropped = $plan->droppedFiles[$path] ?? null;
        if (null === $dropped) {
            return new Explanation(
                $subject,
                'file',
                null !== $inventory->file($path),
                false,
                $path,
                [],
                'The file is not under the scanned paths or is not a .php file.',
            );
        }

        return new Explanation($subject, 'file', true, false, $path, [
            new ExplanationStep($path, $path, $dropped->exclusion),
            ...$this->causes($plan, $dropped->exclusion->because),
        ]);
    }

    private function explainClass(
        PreloadPlan $plan,
        Inventory $inventory,
        string $class,
        ?ClassLocator $locator,
    ): Explanation {
        $included = $plan->includedFileDeclaring($class);
        if (null !== $included) {
            return new Explanation($class, 'class', true, true, $included->path, [], self::keptNote($included));
        }
        $dropped = $plan->droppedClass($class);
        if (null === $dropped) {
            $function = $this->explainFunction($plan, $inventory, $class);
            if (null !== $function) {
                return $function;
            }
            $alias = $this->explainAlias($plan, $inventory, $class);
            if (null !== $alias) {
                return $alias;
            }
            $conditional = $inventory->filesDeclaringConditionally($class);
            $location = [] === $conditional ? $locator?->locate($class) : null;
            if (null !== $location) {
                return new Explanation($class, 'class', true, false, $location->file, [], \sprintf(
                    'No scanned file declares it: it is declared in %s, %s%s.',
                    RelativePath::of($location->file, $plan->projectRoot),
                    $location->where,
                    null === $location->paths ? '' : \sprintf('; to scan it, scan the paths %s', $location->paths),
                ), null === $location->paths ? null : Setting::Paths);
            }
            $note = [] === $conditional
                ? 'No scanned file declares it at top level: check the name, or the scanned paths.'
                : \sprintf(
                    'It is declared only conditionally, in %s: PHP preloads only top-level declarations.',
                    $conditional[0],
                );

            return new Explanation($class, 'class', [] !== $conditional, false, $conditional[0] ?? null, [], $note);
        }

        return new Explanation($class, 'class', true, false, $dropped->path, [
            new ExplanationStep($dropped->name, $dropped->path, $dropped->exclusion),
            ...$this->causes($plan, $dropped->exclusion->because),
        ]);
    }

    /** A file no scanned root holds: say whether the scan skipped it, or only read it for duplicates. */
    private function whyNotScanned(
        Explanation $explanation,
        string $path,
        PreloadPlan $plan,
        InventoryScan $scan,
    ): Explanation {
        $relative = RelativePath::of($path, $plan->projectRoot);
        foreach ($scan->selection->skipped ?? [] as $skipped) {
            if (!str_starts_with($path.'/', $skipped->path.'/')) {
                continue;
            }
            $directory = RelativePath::of($skipped->path, $plan->projectRoot);
            if (SkippedPath::GENERATED === $skipped->reason) {
                return new Explanation($explanation->subject, 'file', true, false, $path, [], \sprintf(
                    'The scan skips %s (%s): never preloaded, since a later request may rewrite it; what it declares '.
                    'counts for duplicates.',
                    $directory,
                    $skipped->why,
                ));
            }

            return new Explanation($explanation->subject, 'file', false, false, $path, [], \sprintf(
                'The scan skips %s (%s)%s.',
                $directory,
                $skipped->why,
                str_starts_with($skipped->reason, 'link') ? '' : \sprintf(
                    ': include the directory %s in the scan to read it',
                    $directory,
                ),
            ), str_starts_with($skipped->reason, 'link') ? null : Setting::IncludeDirectories);
        }
        if (null !== $scan->context->file($path)) {
            return new Explanation($explanation->subject, 'file', true, false, $path, [], \sprintf(
                '%s is outside the scanned paths, but part of the app: what it declares counts for duplicates. Add %s '.
                'to the scanned paths to scan it.',
                $relative,
                \dirname($relative),
            ), Setting::Paths);
        }

        return $explanation;
    }

    /** A function: preloaded with the file that declares it, or left out with that file's reason. */
    private function explainFunction(PreloadPlan $plan, Inventory $inventory, string $name): ?Explanation
    {
        $name = preg_replace('/\(\)$/', '', $name) ?? $name;
        $files = $inventory->filesDeclaringFunction($name);
        if ([] === $files) {
            return null;
        }
        $subject = $name.'()';
        foreach ($files as $path) {
            $included = $plan->includedFile($path);
            if (null !== $included) {
                return new Explanation($subject, 'function', true, true, $path, [], self::keptNote($included));
            }
        }
        // Of several declaring files, the one left out as a duplicate says the most: it names the other.
        $path = $files[0];
        foreach ($files as $candidate) {
            if (DropReason::DuplicateFunction === ($plan->droppedFiles[$candidate] ?? null)?->exclusion->reason) {
                $path = $candidate;
                break;
            }
        }
        $note = \count($files) > 1 ? \sprintf(
            'Declared in %d scanned files: %s.',
            \count($files),
            implode(', ', array_map(static fn (string $f): string => RelativePath::of($f, $plan->projectRoot), $files)),
        ) : '';
        $dropped = $plan->droppedFiles[$path] ?? null;
        if (null === $dropped) {
            return new Explanation(
                $subject,
                'function',
                true,
                false,
                $path,
                [],
                trim('Its file is not planned (see `preheat generate --format=json`). '.$note),
            );
        }

        return new Explanation($subject, 'function', true, false, $path, [
            new ExplanationStep($path, $path, $dropped->exclusion),
            ...$this->causes($plan, $dropped->exclusion->because),
        ], $note);
    }

    /**
     * A name class_alias() creates: PHP makes it when the app includes the file that calls class_alias(),
     * which preloading cannot do (an alias is not a declaration PHP can compile ahead of time).
     */
    private function explainAlias(PreloadPlan $plan, Inventory $inventory, string $alias): ?Explanation
    {
        foreach ($inventory->files as $path => $file) {
            foreach ($file->sideEffects as $effect) {
                $names = self::aliasCall($effect->description);
                if (null === $names || 0 !== strcasecmp($names[1], $alias)) {
                    continue;
                }
                $dropped = $plan->droppedFiles[$path] ?? null;
                $note = \sprintf(
                    'It is an alias of %s declared by class_alias() in %s (line %d): not preloadable because an alias '.
                    'exists only once class_alias() runs, when the app includes that file%s. %s',
                    $names[0],
                    RelativePath::of($path, $plan->projectRoot),
                    $effect->line,
                    null === $dropped ? '' : ', and that file is left out of the preload script '.
                        '('.$dropped->exclusion->reason->label().')',
                    null === $plan->includedFileDeclaring($names[0]) ? \sprintf(
                        '%s itself is not preloaded either.',
                        $names[0],
                    ) : \sprintf(
                        '%s itself is preloaded, so the alias costs only the include.',
                        $names[0],
                    ),
                );

                return new Explanation($alias, 'alias', true, false, $path, [], $note);
            }
        }

        return null;
    }

    /**
     * @return array{string, string}|null [original, alias] from a side effect such as "class_alias(A\B::class, 'C')"
     */
    private static function aliasCall(string $description): ?array
    {
        if (1 !== preg_match('/^class_alias\((.+)\)$/', $description, $match)) {
            return null;
        }
        $names = [];
        foreach (preg_split('/,\s*(?=(?:[^\']*\'[^\']*\')*[^\']*$)/', $match[1]) ?: [] as $argument) {
            $argument = trim($argument);
            if (str_ends_with($argument, '::class')) {
                $names[] = ltrim(substr($argument, 0, -7), '\\');
            } elseif (str_starts_with($argument, "'") && str_ends_with($argument, "'")) {
                $names[] = ltrim(strtr(substr($argument, 1, -1), ['\\\\' => '\\', "\\'" => "'"]), '\\');
            } else {
                $names[] = '';
            }
        }

        return \count($names) >= 2 && '' !== $names[0] && '' !== $names[1] ? [$names[0], $names[1]] : null;
    }

    private static function keptNote(PlannedFile $file): string
    {
        return null === $file->keptBecause ? '' : 'kept because '.$file->keptBecause;
    }

    /** @return list<ExplanationStep> */
    private function causes(PreloadPlan $plan, ?string $because): array
    {
        $steps = [];
        $seen = [];
        while (null !== $because && \count($steps) < self::MAX_CHAIN && !isset($seen[strtolower($because)])) {
            $seen[strtolower($because)] = true;
            $cause = $plan->droppedClass($because);
            if (null === $cause) {
                $steps[] = new ExplanationStep($because, null, null);
                break;
            }
            $steps[] = new ExplanationStep($cause->name, $cause->path, $cause->exclusion);
            $because = $cause->exclusion->because;
        }

        return $steps;
    }

    private function asFile(string $subject, string $root, string $workingDirectory): ?string
    {
        if (!str_contains($subject, '/') && !str_ends_with($subject, '.php')) {
            return null;
        }
        foreach ([$subject, $workingDirectory.'/'.$subject, $root.'/'.$subject] as $candidate) {
            $real = realpath($candidate);
            if (false !== $real && is_file($real)) {
                return $real;
            }
        }

        return str_starts_with($subject, '/') ? $subject : $root.'/'.$subject;
    }
}
