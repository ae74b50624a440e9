<?php

declare(strict_types=1);

namespace Preheat\Plan;

final class DroppedClass
{
    public function __construct(
        public readonly string $name,
        public readonly string $path,
        public readonly Exclusion $exclusion,
    ) {
    }
}
