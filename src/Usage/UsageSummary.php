<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Plan\Strategy\UsageSnapshot;

/**
 * What `preheat usage` shows: the files requests load most, and the coverage curve, i.e. how few files
 * account for a given share of all file loads (a load: one sampled request loading one file).
 */
final class UsageSummary
{
    /** The shares of all loads the curve reports, in percent. */
    public const COVERAGE_PERCENTS = [50, 80, 90, 95, 99, 100];

    /**
     * @param array<int, int>                                        $coverage percent => the fewest files that cover it
     * @param list<array{file: string, requests: int, share: float}> $top      most loaded first; share of sampled
     *                                                                         requests
     */
    private function __construct(
        public readonly UsageSnapshot $snapshot,
        public readonly int $loads,
        public readonly array $coverage,
        public readonly array $top,
    ) {
    }

    public static function of(UsageSnapshot $snapshot, int $top = 20): self
    {
        $ranked = $snapshot->ranked();
        $loads = array_sum($ranked);
        $coverage = [];
        $percents = self::COVERAGE_PERCENTS;
        $next = 0;
        $files = 0;
        $cumulative = 0;
        if ($loads > 0) {
            foreach ($ranked as $count) {
                ++$files;
                $cumulative += $count;
                // integers only: cumulative/loads >= percent/100, without rounding
                while ($next < \count($percents) && $cumulative * 100 >= $percents[$next] * $loads) {
                    $coverage[$percents[$next]] = $files;
                    ++$next;
                }
            }
        }
        foreach (\array_slice($percents, $next) as $percent) {
            $coverage[$percent] = $files;
        }
        $rows = [];
        foreach (\array_slice($ranked, 0, max(0, $top), true) as $file => $count) {
            $rows[] = ['file' => (string) $file, 'requests' => $count, 'share' => $snapshot->share((string) $file)];
        }

        return new self($snapshot, $loads, $coverage, $rows);
    }

    public function distinctFiles(): int
    {
        return \count($this->snapshot->fileCounts);
    }

    /** Files an average sampled request loaded. */
    public function filesPerRequest(): float
    {
        return $this->snapshot->requests > 0 ? $this->loads / $this->snapshot->requests : 0.0;
    }
}
