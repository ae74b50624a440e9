<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Statistics\PairedComparison;

/**
 * Why gains missed the precision target when the time ran out, and what would narrow them, for the report's notes.
 *
 * Two facts decide it. An interval narrows with the square root of what it is taken over: the server starts
 * when the servers are started anew, else the rounds; so ±4 points where ±2 was asked takes about four times
 * the starts, and about four times the measuring. And a gain is a ratio less one: its interval in points is
 * the ratio's relative interval times the ratio, so the ceiling's +90% (a ratio of 1.9) is 1.9 times as many
 * points wide as a gain near 0 measured as precisely; it needs its ratio within ±1.1% for ±2 points.
 *
 * @internal
 */
final class PrecisionShortfall
{
    /** A gain from here up is wide in points for its size, and the advice says by how much. */
    private const LARGE_GAIN = 0.5;

    /** Beyond this many times the run's measuring, no time is estimated: it says so. */
    private const MAX_FACTOR = 100.0;

    /**
     * @param array<string, PairedComparison|null> $missed     every gain that missed the target, by scenario
     * @param float                                $target     the target half-width, in points
     * @param float                                $measured   seconds the rounds took
     * @param int                                  $spans      what the intervals span: server starts, or rounds
     * @param bool                                 $overStarts whether $spans counts server starts
     *
     * @return string|null null when no gain has an interval to estimate from
     */
    public static function advice(array $missed, float $target, float $measured, int $spans, bool $overStarts): ?string
    {
        $needs = [];
        $large = [];
        foreach ($missed as $name => $comparison) {
            $halfWidth = StoppingRule::halfWidthPoints($comparison);
            if (null === $comparison || null === $halfWidth || !($halfWidth > $target) || $spans < 1) {
                continue;
            }
            $factor = ($halfWidth / $target) ** 2;
            $needs[] = \sprintf(
                '%s %s times (%s)',
                $name,
                self::factor($factor),
                $factor > self::MAX_FACTOR ? 'more than one run can measure' : self::minutes($measured * $factor),
            );
            $ratio = $comparison->ratio;
            if ($comparison->gain() >= self::LARGE_GAIN) {
                $large[] = \sprintf(
                    '%s\'s ±%.1f at %s is ±%.1f%% of its ratio to the baseline, %.2f: a gain that large is %.1f times'
                    .' as many points wide as a gain near 0 measured as precisely, and ±%s points needs that ratio'
                    .' within ±%.1f%%',
                    $name,
                    $halfWidth,
                    Cells::percent($comparison->gain()),
                    $halfWidth / $ratio,
                    $ratio,
                    $ratio,
                    Cells::points($target),
                    $target / $ratio,
                );
            }
        }
        if ([] === $needs) {
            return null;
        }

        return \sprintf(
            'An interval narrows with the square root of the %s it spans (%d here): ±%s points needs about so many'
            .' times as many, and as much measuring at this run\'s pace: %s.%s',
            $overStarts ? 'server starts' : 'rounds',
            $spans,
            Cells::points($target),
            implode(', ', $needs),
            [] === $large ? '' : ' '.ucfirst(implode('; ', $large)).'.',
        );
    }

    private static function factor(float $factor): string
    {
        return $factor < 10.0 ? number_format($factor, 1) : number_format($factor, 0);
    }

    private static function minutes(float $seconds): string
    {
        return $seconds < 90.0
            ? \sprintf('%d s', (int) round($seconds))
            : \sprintf('%d min', (int) round($seconds / 60.0));
    }
}
