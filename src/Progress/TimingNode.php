<?php

declare(strict_types=1);

namespace Preheat\Progress;

/** @internal a span while it is being collected (Timings); read as TimingSpan */
final class TimingNode
{
    public float $seconds = 0.0;

    public int $times = 0;

    /** @var array<string, int> */
    public array $counts = [];

    /** @var array<string, TimingNode> */
    public array $children = [];

    public function __construct(public readonly string $name, public readonly bool $isBoot)
    {
    }

    public function child(string $name, bool $isBoot): self
    {
        return $this->children[$name] ??= new self($name, $isBoot);
    }

    public function add(string $what, int $amount): void
    {
        $this->counts[$what] = ($this->counts[$what] ?? 0) + $amount;
    }
}
