<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Ladder\Ladder;
use Preheat\Bench\Result\Environment;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Rounds\RoundsOutcome;
use Preheat\Bench\Statistics\BaselineComparisons;

/**
 * A whole benchmark run: the environment it ran in, every scenario's record, the gains over the baseline
 * computed from them, and the ladder when the scenarios were its rungs.
 */
final class BenchResult
{
    /**
     * @param list<ScenarioRecord>     $scenarios   in the order they were run each round
     * @param list<string>             $urls
     * @param int                      $rounds      the rounds run
     * @param RoundsOutcome|null       $stopping    why no more rounds were run (null: a result made without a
     *                                              stopping rule)
     * @param BaselineComparisons|null $comparisons the gains over the baseline from the final records (null: a
     *                                              result made by hand, whose report computes them)
     */
    public function __construct(
        public readonly array $scenarios,
        public readonly string $baseline,
        public readonly Environment $environment,
        public readonly array $urls,
        public readonly int $rounds,
        public readonly ?RoundsOutcome $stopping = null,
        public readonly ?Ladder $ladder = null,
        public readonly ?BaselineComparisons $comparisons = null,
    ) {
    }

    public function scenario(string $name): ?ScenarioRecord
    {
        foreach ($this->scenarios as $scenario) {
            if ($scenario->name === $name) {
                return $scenario;
            }
        }

        return null;
    }
}
