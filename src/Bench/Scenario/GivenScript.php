<?php

declare(strict_types=1);

namespace Preheat\Bench\Scenario;

/** A preload script the user gives, verified before it runs. */
final class GivenScript implements ScenarioPreload
{
    public function __construct(public readonly string $path)
    {
    }

    public function spec(): string
    {
        return $this->path;
    }
}
