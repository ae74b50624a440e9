<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Environment;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Rounds\RoundsOutcome;
use Preheat\Bench\Statistics\PrimaryChoice;

/**
 * What every renderer shows, and all it reads: a row per scenario (each with its runs), the rungs of a
 * ladder, the metric that gives the headline, the environment and why the rounds stopped. The builder
 * made it from the runner's result; no renderer goes back to that.
 */
final class BenchReport
{
    /**
     * @param list<ScenarioRow>   $rows                 in the order the scenarios ran each round
     * @param string              $baseline             the scenario every gain is over
     * @param RoundsOutcome|null  $stopping             why no more rounds were run (null: a result made without a
     *                                                  stopping rule)
     * @param LadderReport|null   $ladder               the rungs, when the run was a ladder
     * @param Provenance|null     $provenance           when, by what and on what the run was made (null: a report
     *                                                  made by hand, whose goldens must not change with the clock)
     * @param array<string, true> $withinInstanceSpread the scenarios whose verdict may be the server instances'
     *                                                  rather than what the scenarios change (see
     *                                                  BenchReportBuilder::SERVER_INSTANCE_SPREAD)
     */
    public function __construct(
        public readonly array $rows,
        public readonly string $baseline,
        public readonly Environment $environment,
        public readonly float $confidenceLevel,
        public readonly PrimaryChoice $primary,
        public readonly ?RoundsOutcome $stopping = null,
        public readonly ?LadderReport $ladder = null,
        public readonly ?Provenance $provenance = null,
        public readonly array $withinInstanceSpread = [],
    ) {
    }

    /**
     * Whether req/s (and the time per request) says anything about PHP: not when an instruction-counting
     * tool ran it, since valgrind runs PHP some 50 times slower; the report then shows no req/s gain.
     */
    public function timesRequests(): bool
    {
        return Metric::InstructionsPerRequest !== $this->primary->metric;
    }

    public function row(string $name): ?ScenarioRow
    {
        foreach ($this->rows as $row) {
            if ($row->name === $name) {
                return $row;
            }
        }

        return null;
    }
}
