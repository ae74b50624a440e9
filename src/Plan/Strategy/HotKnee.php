<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

/**
 * Where the automatic budget stops. The floor, the files loaded as often as the front controller (by every
 * request; with php-fpm's hit counts, as often as the busiest script), is always taken: every page loads it.
 * Its fewest loads per MB set the price of preload memory, since the app preloads at least that dearly anyway.
 * Past the floor a file is worth its memory while it brings at least that price; in the ranking by loads per
 * byte, the first that brings less is the knee, and every file after it brings less still.
 */
final class HotKnee
{
    /** @param array<string, int> $floor path => its count */
    private function __construct(public readonly array $floor, public readonly ?float $loadsPerMb)
    {
    }

    /**
     * @param array<string, int> $counts   the candidates (files the safe plan keeps), path => its count
     * @param int                $requests what the counts are out of
     * @param array<string, int> $bytes    path => its estimated preload memory
     */
    public static function of(array $counts, int $requests, array $bytes): self
    {
        if ([] === $counts) {
            return new self([], null);
        }
        // The front controller itself may lie outside the scanned paths: then the busiest candidates are the floor.
        $every = min($requests, max($counts));
        $floor = array_filter($counts, static fn (int $count): bool => $count >= $every);
        $price = null;
        foreach ($floor as $path => $count) {
            $perMb = self::perMb($count, $bytes[$path] ?? 0);
            $price = null === $price ? $perMb : min($price, $perMb);
        }

        return new self($floor, $price);
    }

    public function inFloor(string $path): bool
    {
        return isset($this->floor[$path]);
    }

    /** Whether a file past the floor, loaded $count times, is worth what it adds ($bytes with what it links to). */
    public function pays(int $count, int $bytes): bool
    {
        return null === $this->loadsPerMb || self::perMb($count, $bytes) >= $this->loadsPerMb;
    }

    public static function perMb(int $count, int $bytes): float
    {
        return $count / max(1, $bytes) * 1048576;
    }
}
