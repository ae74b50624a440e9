<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Plan\Explanation;

/** What `preheat explain` reports: why a name is or is not preloaded, its paths relative to the project root. */
final class ExplainReport
{
    public function __construct(
        public readonly Explanation $explanation,
        public readonly string $projectRoot,
    ) {
    }
}
