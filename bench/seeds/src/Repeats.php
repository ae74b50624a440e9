<?php

declare(strict_types=1);

namespace Preheat\Seeds;

/**
 * The repeated runs of one table row: medians with their min–max over the runs that completed requests,
 * and every failure of every run (a broken run's requests all count as failed).
 */
final class Repeats
{
    /** @param list<Measurement> $runs */
    public function __construct(public readonly array $runs)
    {
    }

    /** @return list<Measurement> */
    public function completed(): array
    {
        return array_values(array_filter($this->runs, static fn (Measurement $m): bool => $m->requests > 0));
    }

    public function requestsPerSecond(): ?Spread
    {
        return Spread::of(array_map(static fn (Measurement $m): float => $m->requestsPerSecond, $this->completed()));
    }

    public function bytesPerSecond(): ?Spread
    {
        return Spread::of(array_map(static fn (Measurement $m): float => $m->bytesPerSecond(), $this->completed()));
    }

    public function timePerRequestMs(): ?Spread
    {
        return Spread::of(array_values(array_filter(array_map(static fn (Measurement $m): ?float => $m->timePerRequestMs, $this->completed()), static fn (?float $v): bool => null !== $v)));
    }

    /** The median over runs of one latency percentile (100: the longest request, the max over runs). */
    public function percentileMs(int $percentile): ?float
    {
        if (100 === $percentile) {
            $max = array_filter(array_map(static fn (Measurement $m): ?float => $m->maxMs, $this->completed()), static fn (?float $v): bool => null !== $v);

            return [] === $max ? null : max($max);
        }

        return Spread::of(array_values(array_filter(array_map(static fn (Measurement $m): ?float => $m->percentile($percentile), $this->completed()), static fn (?float $v): bool => null !== $v)))?->median;
    }

    /** The median share of one core the load tool used, over the runs that completed requests. */
    public function toolCpuShare(): ?float
    {
        return Spread::of(array_values(array_filter(array_map(static fn (Measurement $m): ?float => $m->toolCpuShare, $this->completed()), static fn (?float $v): bool => null !== $v)))?->median;
    }

    public function failures(): int
    {
        return array_sum(array_map(static fn (Measurement $m): int => $m->failures(), $this->runs));
    }

    public function sent(): int
    {
        return array_sum(array_map(static fn (Measurement $m): int => $m->sent(), $this->runs));
    }

    /** Per process, the highest PSS seen during any run. */
    public function peakPssBytes(): ?int
    {
        $peaks = array_filter(array_map(static fn (Measurement $m): ?int => $m->peakPssBytes, $this->runs), static fn (?int $v): bool => null !== $v);

        return [] === $peaks ? null : max($peaks);
    }

    /** Per process, the PSS before the first run. */
    public function idlePssBytes(): ?int
    {
        foreach ($this->runs as $run) {
            if (null !== $run->idlePssBytes) {
                return $run->idlePssBytes;
            }
        }

        return null;
    }

    /** @return list<string> why runs gave no numbers, once each */
    public function errors(): array
    {
        return array_values(array_unique(array_filter(array_map(static fn (Measurement $m): ?string => $m->error, $this->runs), static fn (?string $e): bool => null !== $e)));
    }
}
