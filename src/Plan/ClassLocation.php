<?php

declare(strict_types=1);

namespace Preheat\Plan;

/** Where a class the scan did not find is declared after all, and the --path options that would scan it. */
final class ClassLocation
{
    public function __construct(
        public readonly string $file,
        public readonly string $where,
        public readonly ?string $paths,
    ) {
    }
}
