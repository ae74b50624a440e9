<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\Inventory;

final class Explainer
{
    private const MAX_CHAIN = 50;

    public function explain(PreloadPlan $plan, Inventory $inventory, string $subject, string $workingDirectory): Explanation
    {
        $file = $this->asFile($subject, $plan->projectRoot, $workingDirectory);
        if (null !== $file) {
            return $this->explainFile($plan, $inventory, $subject, $file);
        }

        return $this->explainClass($plan, $inventory, ltrim($subject, '\\'));
    }

    private function explainFile(PreloadPlan $plan, Inventory $inventory, string $subject, string $path): Explanation
    {
        if ($plan->includes($path)) {
            return new Explanation($subject, 'file', true, true, $path, []);
        }
        $dropped = $plan->droppedFiles[$path] ?? null;
        if (null === $dropped) {
            return new Explanation($subject, 'file', null !== $inventory->file($path), false, $path, [], 'The file is not under the scanned paths (see --path) or is not a .php file.');
        }

        return new Explanation($subject, 'file', true, false, $path, [
            new ExplanationStep($path, $path, $dropped->exclusion),
            ...$this->causes($plan, $dropped->exclusion->because),
        ]);
    }

    private function explainClass(PreloadPlan $plan, Inventory $inventory, string $class): Explanation
    {
        $included = $plan->includedFileDeclaring($class);
        if (null !== $included) {
            return new Explanation($class, 'class', true, true, $included->path, []);
        }
        $dropped = $plan->droppedClass($class);
        if (null === $dropped) {
            $conditional = $inventory->filesDeclaringConditionally($class);
            $note = [] === $conditional
                ? 'No scanned file declares it at top level: check the name, or the scanned paths (--path).'
                : \sprintf('It is declared only conditionally, in %s: PHP preloads only top-level declarations.', $conditional[0]);

            return new Explanation($class, 'class', [] !== $conditional, false, $conditional[0] ?? null, [], $note);
        }

        return new Explanation($class, 'class', true, false, $dropped->path, [
            new ExplanationStep($dropped->name, $dropped->path, $dropped->exclusion),
            ...$this->causes($plan, $dropped->exclusion->because),
        ]);
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
