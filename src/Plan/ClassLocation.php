<?php

declare(strict_types=1);

namespace Preheat\Plan;

/** Where a class the scan did not find is declared after all, and the paths that would scan it. */
final class ClassLocation
{
    /** @param string|null $paths the paths that would scan it, e.g. "., lib" (given paths replace the default roots) */
    public function __construct(
        public readonly string $file,
        public readonly string $where,
        public readonly ?string $paths,
    ) {
    }
}
