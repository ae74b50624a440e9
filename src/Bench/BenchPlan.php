<?php

declare(strict_types=1);

namespace Preheat\Bench;

/**
 * Which scenario runs when: every measured scenario once per round, the order rotated each round
 * (A B C, B C A, C A B, ...) so that no scenario always runs first or last, where a shared machine may
 * be systematically faster or slower. Pure: no server, no clock.
 */
final class BenchPlan
{
    /** @param list<string> $scenarios the scenarios to measure, in the configured order */
    public function __construct(
        public readonly array $scenarios,
        public readonly int $rounds,
    ) {
    }

    /** @return list<RoundSlot> every run of the benchmark, in the order they are run */
    public function slots(): array
    {
        $slots = [];
        for ($round = 1; $round <= $this->rounds; ++$round) {
            foreach (self::rotated($this->scenarios, $round - 1) as $scenario) {
                $slots[] = new RoundSlot($round, $scenario);
            }
        }

        return $slots;
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
