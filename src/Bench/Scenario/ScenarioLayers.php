<?php

declare(strict_types=1);

namespace Preheat\Bench\Scenario;

use Preheat\Server\RuntimeKind;

/**
 * What a scenario changes besides preloading, layer by layer: OPcache's settings, the autoloader, and
 * what serves it. The defaults are a plain bench's: the ini with validate_timestamps=0, the app's own
 * autoloader, the bench's runtime.
 */
final class ScenarioLayers
{
    /** @param RuntimeKind|null $runtime the runtime that serves it (a ladder's ceiling); null for the bench's own */
    public function __construct(
        public readonly OpcacheLayer $opcache = OpcacheLayer::TimestampsOff,
        public readonly AutoloadLayer $autoload = AutoloadLayer::AsIs,
        public readonly ?RuntimeKind $runtime = null,
    ) {
    }
}
