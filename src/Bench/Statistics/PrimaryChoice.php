<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

use Preheat\Bench\Result\Metric;

/** The metric whose gain is the headline, and why it was chosen, in words. */
final class PrimaryChoice
{
    public function __construct(
        public readonly Metric $metric,
        public readonly string $reason,
    ) {
    }
}
