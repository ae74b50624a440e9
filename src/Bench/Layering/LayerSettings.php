<?php

declare(strict_types=1);

namespace Preheat\Bench\Layering;

/** What one layer of a scenario adds to its php.ini, in words for the report; or why it does not apply to this app. */
final class LayerSettings
{
    /** @param array<string, string> $ini */
    public function __construct(
        public readonly array $ini = [],
        public readonly string $description = '',
        public readonly ?string $notApplicable = null,
    ) {
    }
}
