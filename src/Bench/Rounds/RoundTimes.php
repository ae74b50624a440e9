<?php

declare(strict_types=1);

namespace Preheat\Bench\Rounds;

/**
 * How long the rounds so far took, split into what a round always costs (loading and reading the servers,
 * comparing) and what starting every server anew before it cost; and so what the next round will cost: a
 * normal round (the mean so far), plus a restart when one is due before it (the mean of the restarts so far,
 * or, before the first, what starting every server and warming it up took at the beginning). Immutable.
 */
final class RoundTimes
{
    /**
     * @param list<float> $normal       each round's seconds without its restart, in order
     * @param list<float> $restarts     each restart's seconds (servers started anew and warmed up), in order
     * @param int         $restartEvery rounds between restarts (0: never)
     * @param float       $firstStart   what starting every server and warming them up took before round 1: a
     *                                  restart's cost until one was measured
     */
    public function __construct(
        public readonly array $normal = [],
        public readonly array $restarts = [],
        public readonly int $restartEvery = 0,
        public readonly float $firstStart = 0.0,
    ) {
    }

    /**
     * Rounds measured without restarts, each taking what the list says.
     *
     * @param list<float> $roundSeconds
     */
    public static function of(array $roundSeconds): self
    {
        return new self($roundSeconds);
    }

    /** These rounds and one more, which took $seconds besides $restartSeconds of restarting (null: none). */
    public function with(float $seconds, ?float $restartSeconds = null): self
    {
        return new self(
            [...$this->normal, $seconds],
            null === $restartSeconds ? $this->restarts : [...$this->restarts, $restartSeconds],
            $this->restartEvery,
            $this->firstStart,
        );
    }

    public function rounds(): int
    {
        return \count($this->normal);
    }

    /** Every second the rounds took, their restarts included. */
    public function elapsed(): float
    {
        return array_sum($this->normal) + array_sum($this->restarts);
    }

    /** Whether every server is started anew before this round (round 1 is the first). */
    public function restartsBefore(int $round): bool
    {
        return $this->restartEvery > 0 && $round > 1 && 0 === ($round - 1) % $this->restartEvery;
    }

    /** What a round without a restart takes: the mean so far (0 before the first). */
    public function normalRound(): float
    {
        return [] === $this->normal ? 0.0 : array_sum($this->normal) / \count($this->normal);
    }

    /** What starting every server anew takes: the mean of the restarts so far, else the first start. */
    public function restart(): float
    {
        return [] === $this->restarts ? $this->firstStart : array_sum($this->restarts) / \count($this->restarts);
    }

    /** What the next round will cost: a normal round, and a restart when one is due before it. */
    public function next(): float
    {
        return $this->normalRound() + ($this->restartsBefore($this->rounds() + 1) ? $this->restart() : 0.0);
    }
}
