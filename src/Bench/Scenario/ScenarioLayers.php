<?php

declare(strict_types=1);

namespace Preheat\Bench\Scenario;

/**
 * What a scenario changes besides preloading, layer by layer: OPcache's settings, the autoloader, and
 * what serves it. The defaults are a plain bench's: the ini with validate_timestamps=0, the app's own
 * autoloader, the bench's runtime.
 */
final class ScenarioLayers
{
    /** @param string|null $runtime a runtime kind (fpm, mod_php, worker); null for the bench's own */
    public function __construct(
        public readonly OpcacheLayer $opcache = OpcacheLayer::TimestampsOff,
        public readonly AutoloadLayer $autoload = AutoloadLayer::AsIs,
        public readonly ?string $runtime = null,
    ) {
    }
}
