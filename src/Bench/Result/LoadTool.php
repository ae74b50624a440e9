<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

/** The load tool a benchmark ran, by name, and its settings in words (threads, connections, how it warms up). */
final class LoadTool
{
    public function __construct(
        public readonly string $name,
        public readonly string $settings,
    ) {
    }
}
