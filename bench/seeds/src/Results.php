<?php

declare(strict_types=1);

namespace Preheat\Seeds;

/**
 * Every run of a seeds run, by row (what was loaded, how, on which server), and the servers that were not
 * available with why. Rows are filled round by round, so the repeats of a row are interleaved with the others'.
 */
final class Results
{
    /** @var array<string, list<Measurement>> */
    private array $runs = [];

    /** @var array<string, string> */
    private array $unavailable = [];

    public static function key(string|int ...$parts): string
    {
        return implode('|', $parts);
    }

    public function add(string $key, Measurement $measurement): void
    {
        $this->runs[$key][] = $measurement;
    }

    public function has(string $key): bool
    {
        return isset($this->runs[$key]);
    }

    public function repeats(string $key): Repeats
    {
        return new Repeats($this->runs[$key] ?? []);
    }

    public function markUnavailable(string $stack, string $why): void
    {
        $this->unavailable[$stack] = $why;
    }

    public function unavailable(string $stack): ?string
    {
        return $this->unavailable[$stack] ?? null;
    }

    /** @return array<string, list<array<string, mixed>>> every run, for results.json */
    public function toArray(): array
    {
        $out = [];
        foreach ($this->runs as $key => $runs) {
            $out[$key] = array_map(static fn (Measurement $m): array => get_object_vars($m), $runs);
        }

        return $out;
    }
}
