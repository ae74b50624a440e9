<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * Each capacity fit the verification found leaves out the wanted files it does not keep.
 *
 * @internal
 */
final class CapacityFitting
{
    /**
     * Leaves out, fit by fit, every wanted file a capacity fit does not keep. The kept files keep what they
     * need (the fitter keeps link closures; a signature dependency comes with them as the seeds' do), so
     * the plan stays closed over its dependencies.
     */
    public function applyFits(PlanOptions $options, PlanState $state): void
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
                    foreach ($state->needsOf($declaration) as [, $key]) {
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
}
