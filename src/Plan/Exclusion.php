<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * One reason something is left out. $because names the class whose own exclusion caused this one,
 * so that `preheat explain` can follow the chain to its root.
 */
final class Exclusion
{
    public function __construct(
        public readonly DropReason $reason,
        public readonly string $message,
        public readonly ?string $because = null,
    ) {
    }
}
