<?php

declare(strict_types=1);

namespace Preheat\Bench;

/**
 * Which scenario runs when: every measured scenario once per round, the order rotated each round
 * (A B C, B C A, C A B, ...) so that no scenario always runs first or last, where a shared machine may
 * be systematically faster or slower. Rounds go on past the planned ones for as long as the caller
 * asks (a stopping rule decides how many). Pure: no server, no clock.
 */
final class BenchPlan
{
    /**
     * @param list<string> $scenarios the scenarios to measure, in the configured order
     * @param int          $rounds    the rounds planned at least
     */
    public function __construct(
        public readonly array $scenarios,
        public readonly int $rounds,
    ) {
    }

    /** @return list<RoundSlot> every run of the planned rounds, in the order they are run */
    public function slots(): array
    {
        $slots = [];
        for ($round = 1; $round <= $this->rounds; ++$round) {
            array_push($slots, ...$this->round($round));
        }

        return $slots;
    }

    /** @return list<RoundSlot> the runs of one round (from 1, also past the planned ones), in the order they are run */
    public function round(int $round): array
    {
        return array_map(
            static fn (string $scenario): RoundSlot => new RoundSlot($round, $scenario),
            self::rotated($this->scenarios, $round - 1),
        );
    }

    /**
     * The items in the order of one round: each round starts one item further.
     *
     * @template T
     *
     * @param list<T> $items
     *
     * @return list<T>
     */
    public static function rotated(array $items, int $by): array
    {
        if ([] === $items) {
            return [];
        }
        $by %= \count($items);

        return [...\array_slice($items, $by), ...\array_slice($items, 0, $by)];
    }
}
