<?php

declare(strict_types=1);

namespace Preheat\Php;

/** OPcache's interned strings buffer, in bytes: what is used of it, and its size. */
final class InternedStrings
{
    /** @param int|null $usedBytes null when OPcache does not report interned strings */
    public function __construct(
        public readonly ?int $usedBytes = null,
        public readonly int $bufferBytes = 0,
    ) {
    }
}
