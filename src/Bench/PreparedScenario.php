<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Server\RuntimeKind;

/**
 * A scenario made ready to serve: its script (if any), how it was made, its extra ini and runtime kind,
 * or why it cannot run: problems (something is wrong) or a reason to skip it (nothing is wrong: a layer
 * that does not apply to this app, a runtime this version does not have).
 */
final class PreparedScenario
{
    /**
     * @param array<string, string> $ini      php.ini settings besides preloading (its OPcache layer, a
     *                                        classmap's or the recorder's auto_prepend_file)
     * @param list<string>          $problems why it cannot be measured (its script fails verification)
     * @param RuntimeKind|null      $runtime  the runtime kind that serves it; null for the bench's own
     * @param string|null           $skipped  why it is not measured although nothing is wrong
     * @param array<string, string> $layers   what each layer ran with, in words: opcache, autoload, preload
     */
    public function __construct(
        public readonly string $name,
        public readonly string $spec,
        public readonly ?string $preloadScript,
        public readonly string $preparation = '',
        public readonly array $ini = [],
        public readonly array $problems = [],
        public readonly ?RuntimeKind $runtime = null,
        public readonly ?string $skipped = null,
        public readonly array $layers = [],
    ) {
    }

    /** The same scenario, not measured for a reason that is no fault. */
    public function skipping(string $reason): self
    {
        return new self(
            $this->name,
            $this->spec,
            $this->preloadScript,
            $this->preparation,
            $this->ini,
            $this->problems,
            $this->runtime,
            $reason,
            $this->layers,
        );
    }
}
