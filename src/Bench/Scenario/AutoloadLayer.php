<?php

declare(strict_types=1);

namespace Preheat\Bench\Scenario;

/** How a scenario finds classes. */
enum AutoloadLayer: string
{
    /** The app's autoloader as it is. */
    case AsIs = 'as is';
    /**
     * A classmap built from Preheat's inventory in front of it: Composer's own made authoritative, or a classmap
     * autoloader before the app's.
     */
    case Classmap = 'classmap';
}
