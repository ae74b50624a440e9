<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * What the php.ini's OPcache sizes (interned-string buffer, memory) allowed: the files to keep. Every other
 * file the plan would preload is left out as over-ini-capacity, with $why; the files the kept ones need to
 * link stay with them.
 */
final class CapacityFit
{
    /** @var array<string, true> */
    private readonly array $kept;

    /** @param list<string> $kept real paths */
    public function __construct(array $kept, public readonly string $why)
    {
        $this->kept = array_fill_keys($kept, true);
    }

    public function keeps(string $path): bool
    {
        return isset($this->kept[$path]);
    }

    /** @return list<string> */
    public function kept(): array
    {
        return array_map('strval', array_keys($this->kept));
    }
}
