<?php

declare(strict_types=1);

namespace Preheat\Bench\Scenario;

/**
 * What a scenario preloads: nothing (NoPreload), nothing with the recorder on (Recording), a script
 * given (GivenScript), every scanned file as compile-everything preloaders do (Naive), or one `generate`
 * writes with a strategy (Generated). The set is closed:
 * ScenarioPreparer handles each.
 */
interface ScenarioPreload
{
    /** The SPEC as the user wrote it, for the report: none, record, naive, a script's path, a
     * strategy's name. */
    public function spec(): string;
}
