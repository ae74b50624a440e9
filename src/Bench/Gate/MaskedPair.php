<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/** The baseline's text and a page's, with what changes between identical requests masked alike in both. */
final class MaskedPair
{
    public function __construct(
        public readonly string $expected,
        public readonly string $actual,
    ) {
    }

    public function same(): bool
    {
        return $this->expected === $this->actual;
    }

    public function firstDifference(): ?FirstDifference
    {
        return FirstDifference::between($this->expected, $this->actual);
    }
}
