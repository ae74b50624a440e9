<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\Verdict;

/**
 * Which scenario to use, and why, in one line. When some scenario is measurably faster than the baseline on the
 * primary figure, the best of those sets the bar: every scenario whose gain's interval reaches the best one's
 * (not measurably worse than it, and not found slower where a ladder paired two directly) is as good, whether or
 * not its own gain is measurable; of those the one with the least preload memory wins, then the quickest start-up,
 * then the fewest start-up warnings. When that lightest one costs no more preload memory than the baseline and is
 * not itself measurably faster, the intervals are too wide to tell whether any change is worth making: the line says
 * the run cannot decide instead of recommending. A ladder's rung that changes the runtime (the ceiling) is a
 * different server, not a setting: it is left out.
 */
final class Recommendation
{
    public function __construct(
        /** The scenario to use; null when none is measurably faster than the baseline */
        public readonly ?string $scenario,
        public readonly string $line,
    ) {
    }

    public static function of(BenchReport $report): self
    {
        $metric = $report->primary->metric;
        $excluded = [];
        foreach ($report->ladder->rows ?? [] as $rung) {
            if (null !== $rung->rung->scenario->layers->runtime) {
                $excluded[$rung->row->name] = true;
            }
        }
        /** @var list<array{ScenarioRow, PairedComparison}> $candidates */
        $candidates = [];
        foreach ($report->rows as $row) {
            $gain = $row->metric($metric)?->comparison;
            if ($row->name !== $report->baseline && $row->isMeasured() && !isset($excluded[$row->name])
                && null !== $gain) {
                $candidates[] = [$row, $gain];
            }
        }
        $faster = array_values(array_filter(
            $candidates,
            static fn (array $c): bool => Verdict::Faster === $c[1]->verdict(),
        ));
        if ([] === $faster) {
            return new self(null, \sprintf(
                'Keep %s: no scenario is measurably faster on %s.',
                $report->baseline,
                $metric->label(),
            ));
        }
        usort($faster, static fn (array $a, array $b): int => $b[1]->gain() <=> $a[1]->gain());
        [$leader, $best] = $faster[0];
        // As good as the best: a scenario the intervals cannot tell from it, even one whose own gain over the
        // baseline the run cannot tell from none (the lighter of two the run cannot tell apart is the better buy).
        $asGood = array_values(array_filter(
            $candidates,
            static fn (array $c): bool => ($c[1]->interval->high ?? $c[1]->gain())
                >= ($best->interval->low ?? $best->gain()),
        ));
        // Where two of them were paired directly (a rung over the rung below), that verdict decides.
        $worse = [];
        foreach ($report->ladder->rows ?? [] as $rung) {
            $verdict = $rung->overBelow?->verdict();
            if (null !== $rung->below && Verdict::Faster === $verdict) {
                $worse[$rung->below][] = $rung->row->name;
            } elseif (null !== $rung->below && Verdict::Slower === $verdict) {
                $worse[$rung->row->name][] = $rung->below;
            }
        }
        $names = array_map(static fn (array $c): string => $c[0]->name, $asGood);
        $notWorse = array_values(array_filter(
            $asGood,
            static fn (array $c): bool => [] === array_intersect($worse[$c[0]->name] ?? [], $names),
        ));
        // Direct pairings that contradict each other in a circle leave none: the best by its own gain stands.
        $asGood = [] === $notWorse ? [[$leader, $best]] : $notWorse;
        usort($asGood, static fn (array $a, array $b): int => [
            $a[0]->preload->memoryBytes ?? \PHP_INT_MAX,
            $a[0]->server->fpmStartSeconds ?? \INF,
            $a[0]->server->warnings->count ?? 0,
            -$a[1]->gain(),
        ] <=> [
            $b[0]->preload->memoryBytes ?? \PHP_INT_MAX,
            $b[0]->server->fpmStartSeconds ?? \INF,
            $b[0]->server->warnings->count ?? 0,
            -$b[1]->gain(),
        ]);
        [$chosen, $gain] = $asGood[0];
        $baselineMemory = $report->row($report->baseline)->preload->memoryBytes ?? 0;
        if (Verdict::Faster !== $gain->verdict() && ($chosen->preload->memoryBytes ?? 0) <= $baselineMemory) {
            return new self(null, \sprintf(
                'Cannot decide: %s gains %s vs %s, but the intervals are too wide to tell it from %s, which costs'
                .' no preload memory and is no measurably faster than %s; run more rounds, or on a quieter machine.',
                $leader->name,
                self::gain($best, $metric),
                $report->baseline,
                $chosen->name,
                $report->baseline,
            ));
        }
        $parts = [\sprintf('Use %s: %s vs %s', $chosen->name, self::gain($gain, $metric), $report->baseline)];
        $others = array_values(array_filter($asGood, static fn (array $c): bool => $c[0] !== $chosen));
        if ([] !== $others) {
            $names = implode(', ', array_map(static fn (array $c): string => $c[0]->name, $others));
            // Its own gain may be none: it is chosen for being as good as one whose gain is measurable.
            $parts[] = Verdict::Faster === $gain->verdict()
                ? \sprintf('same as %s within the interval', $names)
                : \sprintf(
                    'no measurable gain of its own, but the same within the interval as %s, of which %s gains %s',
                    $names,
                    $leader->name,
                    self::gain($best, $metric),
                );
            // What it saves against the most costly of those as good.
            $rival = $others[\count($others) - 1][0];
            // A saving only where the chosen one is smaller as printed: never "54.9 MB instead of 54.9 MB", nor a
            // longer start-up worded as if it were a saving.
            $savings = array_values(array_filter([
                self::saving(
                    '%.1f MB instead of %.1f MB of preload memory',
                    null === $chosen->preload->memoryBytes ? null : $chosen->preload->memoryBytes / 1048576,
                    null === $rival->preload->memoryBytes ? null : $rival->preload->memoryBytes / 1048576,
                    1,
                ),
                self::saving(
                    '%.2f s instead of %.2f s start-up',
                    $chosen->server->fpmStartSeconds,
                    $rival->server->fpmStartSeconds,
                    2,
                ),
            ]));
            if ([] !== $savings) {
                $parts[] = 'at '.implode(' and ', $savings);
            }
        }
        if (null !== $chosen->server->warnings) {
            $parts[] = \sprintf(
                '%d start-up %s',
                $chosen->server->warnings->count,
                1 === $chosen->server->warnings->count ? 'warning' : 'warnings',
            );
        }

        return new self($chosen->name, implode(', ', $parts).'.');
    }

    /** "+10.1% CPU per request (95% CI +1.8% … +19.1%)" */
    private static function gain(PairedComparison $gain, Metric $metric): string
    {
        $interval = $gain->interval;

        return \sprintf(
            '%s %s%s',
            Cells::percent($gain->gain()),
            $metric->label(),
            null === $interval ? '' : \sprintf(
                ' (%d%% CI %s … %s)',
                (int) round($interval->level * 100),
                Cells::percent($interval->low),
                Cells::percent($interval->high),
            ),
        );
    }

    /** "$chosen instead of $rival" when $chosen is the smaller at the printed precision; null otherwise. */
    private static function saving(
        string $format,
        int|float|null $chosen,
        int|float|null $rival,
        int $decimals,
    ): ?string {
        if (null === $chosen || null === $rival || round($chosen, $decimals) >= round($rival, $decimals)) {
            return null;
        }

        return \sprintf($format, $chosen, $rival);
    }
}
