<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * What a planner keeps of one context between its plans (see Planner::plan()): the signature answers, the
 * last screenings and states closed over dependencies with the options each was made with, and what screening
 * asks of the scan alone about each declaration.
 *
 * @internal
 */
final class PlanMemory
{
    /**
     * How many screenings and closed states are kept: a plan whose order meets a cycle between files plans again
     * with one more forced drop, so one plan may leave two or three, each the start of the next plan's rounds.
     */
    private const KEPT = 4;

    public ?SignatureDependencies $signatures = null;

    /** @var list<array{PlanOptions, PlanState}> the last screenings, newest first, with their options */
    private array $screenings = [];

    /** @var list<array{PlanOptions, PlanState}> the last states closed over dependencies, newest first */
    private array $closings = [];

    /**
     * @var array<int, array{bool, string|null, list<string>}> by declaration object: whether PHP has its name built
     *                                                         in, the file the autoloader maps it to, the other
     *                                                         files of the app declaring it
     */
    public array $placements = [];

    /** A copy of the screening kept for options that screen as $options do, if any. */
    public function screening(PlanOptions $options): ?PlanState
    {
        foreach ($this->screenings as [$kept, $state]) {
            if (self::screensAlike($kept, $options)) {
                return clone $state;
            }
        }

        return null;
    }

    public function keepScreening(PlanOptions $options, PlanState $state): void
    {
        $this->screenings = \array_slice([[$options, clone $state], ...$this->screenings], 0, self::KEPT);
    }

    /** A copy of the closed state kept for options that screen and seed as $options do, if any. */
    public function closing(PlanOptions $options): ?PlanState
    {
        foreach ($this->closings as [$kept, $state]) {
            if (
                self::screensAlike($kept, $options)
                && $kept->seeds === $options->seeds
                && $kept->strategy === $options->strategy
            ) {
                return clone $state;
            }
        }

        return null;
    }

    public function keepClosing(PlanOptions $options, PlanState $state): void
    {
        $this->closings = \array_slice([[$options, clone $state], ...$this->closings], 0, self::KEPT);
    }

    /** Whether screening with either gives the same: what it depends on is the same. */
    private static function screensAlike(PlanOptions $one, PlanOptions $other): bool
    {
        return $one->ignore === $other->ignore
            && $one->includeDev === $other->includeDev
            && $one->requires === $other->requires
            && $one->forcedDrops == $other->forcedDrops;
    }
}
