<?php

declare(strict_types=1);

namespace Preheat\Doctor\Finding;

/**
 * One thing `preheat doctor` found: how much it matters, what it is, the line that fixes it, the rung that measures it.
 */
final class Finding
{
    /** @param list<Fix> $fixes */
    public function __construct(
        public readonly string $id,
        public readonly Severity $severity,
        public readonly string $title,
        public readonly string $detail,
        public readonly array $fixes = [],
        public readonly ?Rung $rung = null,
    ) {
    }
}
