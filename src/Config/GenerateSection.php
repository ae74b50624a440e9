<?php

declare(strict_types=1);

namespace Preheat\Config;

/** preheat.json's "generate": what generate, explain and doctor scan and leave out when no option says. */
final class GenerateSection
{
    /**
     * @param list<string> $paths  what to scan (empty: the project's defaults)
     * @param list<string> $ignore paths or globs to leave out
     */
    public function __construct(
        public readonly array $paths = [],
        public readonly array $ignore = [],
    ) {
    }
}
