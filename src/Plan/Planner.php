<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\Declaration;
use Preheat\Progress\Timings;

/**
 * Turns an inventory into a plan that is safe by construction: it starts from every wanted file and
 * drops, transitively, whatever PHP could not preload or whose preloading would change what the app does.
 * It runs the passes over a PlanState in turn (Screening, Seeding, DependencyClosure, CapacityFitting,
 * LoadOrder), plans again when the order meets a cycle between files, and keeps per context what the next
 * plan of it can reuse.
 */
final class Planner
{
    private const MAX_CYCLE_ROUNDS = 20;

    private readonly BuiltinSignatures $builtinSignatures;

    private readonly Screening $screening;

    private readonly Seeding $seeding;

    private readonly DependencyClosure $closure;

    private readonly CapacityFitting $fitting;

    private readonly LoadOrder $loadOrder;

    /** @var \WeakMap<PlanContext, PlanMemory> what the plans of each context so far leave for the next */
    private \WeakMap $memories;

    public function __construct(
        private readonly BuiltinSymbols $builtins,
        private readonly Timings $timings = new Timings(),
    ) {
        $this->builtinSignatures = new BuiltinSignatures($builtins);
        $this->memories = new \WeakMap();
        $this->screening = new Screening($builtins);
        $this->seeding = new Seeding();
        $this->closure = new DependencyClosure($builtins, $timings);
        $this->fitting = new CapacityFitting();
        $this->loadOrder = new LoadOrder();
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
            $this->fitting->applyFits($options, $state);
            $cycle = $this->timings->span('order', fn (): ?array => $this->loadOrder->order($state));
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
        $this->timings->span(
            'select seeds',
            fn () => $this->seeding->selectSeeds($options, $state),
        );
        $this->timings->span(
            'close over dependencies',
            fn () => $this->closure->closeOverDependencies($context, $state),
        );
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
        $this->screening->screenFiles($context, $options, $state, $requireRule, $pathRule, $memory);
        $memory->keepScreening($options, $state);

        return $state;
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
}
