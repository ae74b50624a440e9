<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

/** How one scenario was set up: the preload spec it ran with, and what was done to the app, in words. */
final class ScenarioSetup
{
    public function __construct(
        public readonly string $spec,
        public readonly string $preparation,
    ) {
    }
}
