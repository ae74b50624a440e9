<?php

declare(strict_types=1);

namespace Preheat\Bench\Scenario;

/** No preloading, the usage recorder on: what recording costs. */
final class Recording implements ScenarioPreload
{
    public const SPEC = 'record';

    public function spec(): string
    {
        return self::SPEC;
    }
}
