<?php

declare(strict_types=1);

namespace Preheat\Bench\Scenario;

/** No preloading: the baseline. */
final class NoPreload implements ScenarioPreload
{
    public const SPEC = 'none';

    public function spec(): string
    {
        return self::SPEC;
    }
}
