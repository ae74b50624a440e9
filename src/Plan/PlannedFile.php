<?php

declare(strict_types=1);

namespace Preheat\Plan;

/** A file the preload script compiles, with what it declares. */
final class PlannedFile
{
    /**
     * @param list<string> $classes
     * @param list<string> $functions
     */
    public function __construct(
        public readonly string $path,
        public readonly array $classes,
        public readonly array $functions,
        /** why it is preloaded although a rule would leave it out (a side-effect file only ever required) */
        public readonly ?string $keptBecause = null,
    ) {
    }
}
