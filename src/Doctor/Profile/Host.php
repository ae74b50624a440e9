<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

/** The machine doctor runs on: its cores and memory, and whether doctor runs as root there. */
final class Host
{
    /** @param int|null $memoryBytes the machine's memory; null when not known */
    public function __construct(
        public readonly int $cores,
        public readonly ?int $memoryBytes,
        public readonly bool $asRoot = false,
    ) {
    }
}
