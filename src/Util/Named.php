<?php

declare(strict_types=1);

namespace Preheat\Util;

/** An entry of a NamedRegistry: a runtime, a load tool, a strategy, each known by its name. */
interface Named
{
    /** The name the command line and preheat.json give it. */
    public function name(): string;
}
