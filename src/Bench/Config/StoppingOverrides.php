<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

/** The command line's settings of when the bench stops: rounds, precision and time (null: not given). */
final class StoppingOverrides
{
    public function __construct(
        public readonly ?int $rounds = null,
        public readonly ?float $precision = null,
        public readonly ?float $maxTime = null,
    ) {
    }
}
