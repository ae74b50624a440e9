<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/**
 * The differences between two token sequences as hunks: Myers' O((N+M)·D) shortest edit script on
 * what lies between their common prefix and suffix. Pages that differ in more than a bounded number
 * of tokens are not worth the time: their whole middle becomes one hunk, which is still exact about
 * where the first and last differences are.
 */
final class TokenDiff
{
    /** @param list<Hunk> $hunks in order; $exact false when the middle was too different to align and is one hunk */
    private function __construct(
        public readonly array $hunks,
        public readonly bool $exact,
    ) {
    }

    /**
     * @param list<string> $a
     * @param list<string> $b
     */
    public static function between(array $a, array $b, int $maxEdits = 1000): self
    {
        $n = \count($a);
        $m = \count($b);
        $prefix = 0;
        while ($prefix < $n && $prefix < $m && $a[$prefix] === $b[$prefix]) {
            ++$prefix;
        }
        $suffix = 0;
        while ($suffix < $n - $prefix && $suffix < $m - $prefix && $a[$n - 1 - $suffix] === $b[$m - 1 - $suffix]) {
            ++$suffix;
        }
        if ($prefix === $n && $prefix === $m) {
            return new self([], true);
        }
        $middleA = \array_slice($a, $prefix, $n - $prefix - $suffix);
        $middleB = \array_slice($b, $prefix, $m - $prefix - $suffix);
        $segments = self::matchingSegments($middleA, $middleB, $maxEdits);
        if (null === $segments) {
            return new self([new Hunk($prefix, $n - $suffix, $prefix, $m - $suffix)], false);
        }

        $hunks = [];
        $atA = 0;
        $atB = 0;
        foreach ([...$segments, [\count($middleA), \count($middleB), 0]] as [$x, $y, $length]) {
            if ($x > $atA || $y > $atB) {
                $hunks[] = new Hunk($prefix + $atA, $prefix + $x, $prefix + $atB, $prefix + $y);
            }
            $atA = $x + $length;
            $atB = $y + $length;
        }

        return new self($hunks, true);
    }

    /**
     * The runs of equal tokens of a shortest edit script, in order, as [x, y, length]; null when
     * more than $maxEdits insertions and deletions are needed.
     *
     * @param list<string> $a
     * @param list<string> $b
     *
     * @return list<array{int, int, int}>|null
     */
    private static function matchingSegments(array $a, array $b, int $maxEdits): ?array
    {
        $n = \count($a);
        $m = \count($b);
        $limit = min($n + $m, $maxEdits);
        $v = [1 => 0];
        $trace = [];
        for ($d = 0; $d <= $limit; ++$d) {
            // Backtracking needs where each step started: the d live diagonals -(d-1), -(d-3) .. d-1, as a packed list.
            $snapshot = [];
            for ($k = 1 - $d; $k < $d; $k += 2) {
                $snapshot[] = $v[$k];
            }
            $trace[$d] = $snapshot;
            for ($k = -$d; $k <= $d; $k += 2) {
                $x = (-$d === $k || ($k !== $d && $v[$k - 1] < $v[$k + 1])) ? $v[$k + 1] : $v[$k - 1] + 1;
                $y = $x - $k;
                while ($x < $n && $y < $m && $a[$x] === $b[$y]) {
                    ++$x;
                    ++$y;
                }
                $v[$k] = $x;
                if ($x >= $n && $y >= $m) {
                    return self::backtrack($trace, $d, $n, $m);
                }
            }
        }

        return null;
    }

    /**
     * @param array<int, list<int>> $trace
     *
     * @return list<array{int, int, int}>
     */
    private static function backtrack(array $trace, int $steps, int $n, int $m): array
    {
        $segments = [];
        $x = $n;
        $y = $m;
        for ($d = $steps; $d > 0; --$d) {
            $v = $trace[$d];
            $at = static fn (int $diagonal): int => $v[($diagonal + $d - 1) >> 1];
            $k = $x - $y;
            $previousK = (-$d === $k || ($k !== $d && $at($k - 1) < $at($k + 1))) ? $k + 1 : $k - 1;
            $previousX = $at($previousK);
            $previousY = $previousX - $previousK;
            // The step itself moves from (previousX, previousY) one token right or down; what follows is a run
            // of equal tokens.
            $startX = $previousK === $k + 1 ? $previousX : $previousX + 1;
            $startY = $startX - $k;
            if ($x > $startX) {
                $segments[] = [$startX, $startY, $x - $startX];
            }
            $x = $previousX;
            $y = $previousY;
        }
        if ($x > 0) {
            $segments[] = [0, 0, $x];
        }

        return array_reverse($segments);
    }
}
