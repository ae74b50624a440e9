<?php

declare(strict_types=1);

namespace Preheat\Bench;

/** A scenario made ready to serve: its script (if any), how it was made, its extra ini, or why it cannot run. */
final class PreparedScenario
{
    /**
     * @param array<string, string> $ini      php.ini settings besides preloading (the recorder's auto_prepend_file)
     * @param list<string>          $problems why it cannot be measured (its script fails verification)
     */
    public function __construct(
        public readonly string $name,
        public readonly string $spec,
        public readonly ?string $preloadScript,
        public readonly string $preparation = '',
        public readonly array $ini = [],
        public readonly array $problems = [],
    ) {
    }
}
