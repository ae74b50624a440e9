<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * The forced drops a plan takes, classes and files apart. A later drop of the same subject replaces an
 * earlier one.
 */
final class ForcedDrops implements \Countable
{
    /** @var array<string, ForcedDrop> by kind and key() */
    private readonly array $drops;

    public function __construct(ForcedDrop ...$drops)
    {
        $all = [];
        foreach ($drops as $drop) {
            $all[($drop->isFile ? 'file:' : 'class:').$drop->key()] = $drop;
        }
        $this->drops = $all;
    }

    public function with(ForcedDrop ...$drops): self
    {
        return new self(...array_values($this->drops), ...$drops);
    }

    public function withAll(self $other): self
    {
        return $this->with(...$other->all());
    }

    public function forClass(string $name): ?ForcedDrop
    {
        return $this->drops['class:'.strtolower(ltrim($name, '\\'))] ?? null;
    }

    public function forFile(string $path): ?ForcedDrop
    {
        return $this->drops['file:'.$path] ?? null;
    }

    /** Whether every one of $drops is here already: dropping them again would change nothing. */
    public function coversAll(self $drops): bool
    {
        return [] === array_diff_key($drops->drops, $this->drops);
    }

    /** @return list<ForcedDrop> in the order they were added */
    public function all(): array
    {
        return array_values($this->drops);
    }

    public function count(): int
    {
        return \count($this->drops);
    }
}
