<?php

declare(strict_types=1);

namespace Preheat\Bench\Session;

use Preheat\Bench\Config\BenchOverrides;

/** What a benchmark is asked for, as given on the command line: read and checked by the session. */
final class BenchRequest
{
    /** @param list<string> $assertions each as written, e.g. "hot.gain >= 10%" */
    public function __construct(
        public readonly string $project,
        public readonly ?string $configFile,
        public readonly BenchOverrides $overrides,
        public readonly array $assertions = [],
        public readonly ?string $baselineFile = null,
        public readonly bool $strictAssertions = false,
        public readonly ?string $poolUser = null,
    ) {
    }
}
