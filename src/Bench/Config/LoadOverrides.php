<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

/** The command line's settings of the load section (null: not given). */
final class LoadOverrides
{
    public function __construct(
        public readonly ?string $tool = null,
        public readonly ?float $duration = null,
        public readonly ?float $warmup = null,
        public readonly ?int $concurrency = null,
        public readonly ?string $schedule = null,
        public readonly ?int $restartEvery = null,
        /** @var array<string, int> the tools' own settings given as options, by key */
        public readonly array $toolSettings = [],
    ) {
    }
}
