<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

/** How one scenario was set up: its preload spec and script, and what was done to the app and each layer. */
final class ScenarioSetup
{
    /**
     * @param string|null           $preloadScript the script it preloaded; null when it preloads none
     * @param string                $preparation   what was done to the app, in words
     * @param array<string, string> $layers        what each layer ran with, in words: opcache, autoload, preload
     */
    public function __construct(
        public readonly string $spec,
        public readonly ?string $preloadScript,
        public readonly string $preparation = '',
        public readonly array $layers = [],
    ) {
    }
}
