<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * What a planner keeps of one context between its plans (see Planner::plan()): the signature answers, the
 * last screening and the last state closed over dependencies with the options each was made with, and what
 * screening a declaration asks of the scan alone.
 *
 * @internal
 */
final class PlanMemory
{
    public ?SignatureDependencies $signatures = null;

    /** @var array{PlanOptions, PlanState}|null */
    public ?array $screening = null;

    /** @var array{PlanOptions, PlanState}|null */
    public ?array $closing = null;

    /**
     * @var array<int, array{bool, string|null, list<string>}> by declaration object: whether PHP has its name built
     *                                                         in, the file the autoloader maps it to, the other
     *                                                         files of the app declaring it
     */
    public array $placements = [];
}
