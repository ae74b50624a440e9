<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Config\Duration;

/**
 * Why a gain missed the precision target when the time ran out, and what would narrow it, in the report's notes.
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
    /** A gain from here up is wide in points for its size, and the note says by how much. */
    private const LARGE_GAIN = 0.5;

    /** Beyond this many times the run's measuring, the estimate is no advice: it says so. */
    private const MAX_FACTOR = 100.0;

    /**
     * @param array<string, PairedComparison|null> $missed     every gain that missed the target, by scenario
     * @param float                                $target     the target half-width, in points
     * @param float                                $measured   seconds the rounds took
     * @param int                                  $spans      what the intervals span: server starts, or rounds
     * @param bool                                 $overStarts whether $spans counts server starts
     *
     * @return list<string> one clause per gain that has an interval, in the order given
     */
    public static function clauses(array $missed, float $target, float $measured, int $spans, bool $overStarts): array
    {
        $clauses = [];
        foreach ($missed as $name => $comparison) {
            $halfWidth = StoppingRule::halfWidthPoints($comparison);
            if (null === $comparison || null === $halfWidth || !($halfWidth > $target) || $spans < 1) {
                continue;
            }
            $factor = ($halfWidth / $target) ** 2;
            $clause = \sprintf(
                '%s (±%.1f) needs about %s times the %s (%d here)',
                $name,
                $halfWidth,
                self::factor($factor),
                $overStarts ? 'server starts' : 'rounds',
                $spans,
            );
            $clause .= $factor > self::MAX_FACTOR
                ? ', more than this bench can measure in one run'
                : \sprintf(', some %s of measuring at this run\'s pace', Duration::format($measured * $factor));
            $ratio = $comparison->ratio;
            if ($comparison->gain() >= self::LARGE_GAIN) {
                $clause .= \sprintf(
                    '; at %s its interval is ±%.1f%% of its ratio to the baseline, %.2f, and so %.1f times as many'
                    .' points as a gain near 0 measured as precisely: ±%s points needs that ratio within ±%.1f%%',
                    Cells::percent($comparison->gain()),
                    $halfWidth / $ratio,
                    $ratio,
                    $ratio,
                    Cells::points($target),
                    $target / $ratio,
                );
            }
            $clauses[] = $clause;
        }

        return $clauses;
    }

    private static function factor(float $factor): string
    {
        return $factor < 10.0 ? number_format($factor, 1) : number_format($factor, 0);
    }
}
