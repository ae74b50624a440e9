<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

/**
 * Flags rounds whose value lies more than THRESHOLD median absolute deviations (unscaled) from the
 * median: |x - median| / MAD > 3.5, the rule php-version-benchmarks applies. The median and MAD are
 * themselves robust, so one wild round cannot hide itself. When the MAD is 0 (more than half the
 * rounds agree exactly) there is no scale to judge by, and nothing is flagged. Nor is a round within
 * MIN_RELATIVE_DEVIATION of the median: counted instructions agree to a few in a million, their MAD is
 * next to nothing, and a round 0.02% off would score far above the threshold while moving no figure
 * the report prints.
 */
final class OutlierRounds
{
    public const THRESHOLD = 3.5;

    /** A tenth of a percent of the median: less changes no gain the report prints (to 0.1 point). */
    public const MIN_RELATIVE_DEVIATION = 0.001;

    /**
     * @param array<int, float> $values round => value
     *
     * @return list<OutlierRound> in round order
     */
    public static function flag(array $values): array
    {
        if ([] === $values) {
            return [];
        }
        $sample = new Sample(array_values($values));
        $median = $sample->median();
        $mad = $sample->mad();
        if (0.0 === $mad) {
            return [];
        }
        $outliers = [];
        foreach ($values as $round => $value) {
            $score = abs($value - $median) / $mad;
            if ($score > self::THRESHOLD && abs($value - $median) > self::MIN_RELATIVE_DEVIATION * abs($median)) {
                $outliers[] = new OutlierRound($round, $value, $median, $score);
            }
        }
        usort($outliers, static fn (OutlierRound $a, OutlierRound $b): int => $a->round <=> $b->round);

        return $outliers;
    }
}
