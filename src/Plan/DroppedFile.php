<?php

declare(strict_types=1);

namespace Preheat\Plan;

/** A scanned file left out of the script, with the first reason found and the classes it declares. */
final class DroppedFile
{
    /** @param list<string> $classes */
    public function __construct(
        public readonly string $path,
        public readonly Exclusion $exclusion,
        public readonly array $classes,
    ) {
    }
}
