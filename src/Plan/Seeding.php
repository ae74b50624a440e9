<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * The planner's second pass: the files the strategy wants (every eligible one without seeds) and,
 * transitively, those that declare what they need to link; the other eligible files are not selected.
 *
 * @internal
 */
final class Seeding
{
    /** Keeps the files the strategy wants plus, transitively, those that declare what they need to link. */
    public function selectSeeds(PlanOptions $options, PlanState $state): void
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
                foreach ($state->needsOf($declaration) as [, $key]) {
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
}
