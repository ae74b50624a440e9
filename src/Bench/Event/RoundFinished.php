<?php

declare(strict_types=1);

namespace Preheat\Bench\Event;

use Preheat\Bench\Config\Duration;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Statistics\PairedComparator;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressEvent;

/** A measured round is done: how far the gains are from the target, by the widest interval so far. */
final class RoundFinished implements ProgressEvent
{
    /**
     * @param float                                $measuredSeconds every round so far
     * @param array<string, PairedComparison|null> $comparisons     the gains over the baseline so far, by scenario
     * @param int                                  $restartEvery    rounds between server starts (0: never): the
     *                                                              intervals are then taken over the starts
     */
    public function __construct(
        public readonly int $round,
        public readonly float $measuredSeconds,
        public readonly StoppingRule $rule,
        public readonly array $comparisons,
        public readonly string $baseline,
        public readonly int $restartEvery = 0,
    ) {
    }

    public function summary(): string
    {
        $widest = StoppingRule::widest($this->comparisons);
        $state = match (true) {
            null === $widest => 'nothing to compare',
            null === $widest[1] => \sprintf(
                '%s vs %s has no interval yet (it needs %s)',
                $widest[0],
                $this->baseline,
                $this->restartEvery > 0
                    ? \sprintf(
                        '%d server starts, one every %d rounds',
                        PairedComparator::MIN_ROUNDS,
                        $this->restartEvery,
                    )
                    : \sprintf('%d paired rounds', PairedComparator::MIN_ROUNDS),
            ),
            default => \sprintf(
                'widest 95%% interval ±%.1f points (%s vs %s)',
                $widest[1],
                $widest[0],
                $this->baseline,
            ),
        };

        return \sprintf(
            'Round %d done (%s measured): %s; target ±%s',
            $this->round,
            Duration::format($this->measuredSeconds),
            $state,
            self::points($this->rule->precisionPoints),
        );
    }

    public function outcome(): Outcome
    {
        return Outcome::Done;
    }

    /** 2.0 → "2", 1.25 → "1.25". */
    public static function points(float $points): string
    {
        return rtrim(rtrim(\sprintf('%.2f', $points), '0'), '.');
    }
}
