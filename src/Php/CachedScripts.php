<?php

declare(strict_types=1);

namespace Preheat\Php;

/** How many scripts OPcache holds, and how many keys its hash table has room for (0 when not reported). */
final class CachedScripts
{
    public function __construct(
        public readonly int $count = 0,
        public readonly int $maxKeys = 0,
    ) {
    }
}
