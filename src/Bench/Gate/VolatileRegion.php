<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/**
 * Tokens [start, end) of a reference page that changed between identical requests (an empty range:
 * a place where tokens came and went), with the shape of what was seen there.
 */
final class VolatileRegion
{
    public function __construct(
        public readonly int $start,
        public readonly int $end,
        public readonly TokenShape $shape,
    ) {
    }

    /**
     * Whether a hunk replacing reference tokens [aStart, aEnd) with $tokens stays inside this region and fits
     * its shape.
     *
     * @param list<string> $tokens
     */
    public function explains(Hunk $hunk, array $tokens): bool
    {
        return $this->start <= $hunk->aStart && $hunk->aEnd <= $this->end && $this->shape->accepts($tokens);
    }

    public function overlaps(Hunk $hunk): bool
    {
        return $hunk->aStart <= $this->end && $hunk->aEnd >= $this->start;
    }

    public function mergedWith(self $other): self
    {
        return new self(
            min($this->start, $other->start),
            max($this->end, $other->end),
            $this->shape->union($other->shape),
        );
    }
}
