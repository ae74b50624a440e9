<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

use Preheat\Bench\Load\LoadResult;

/**
 * Everything measured for one scenario: its script, whether it passed the gate, its runs in round
 * order, and what its php-fpm reported about OPcache and memory. Built once, at the end of a run
 * (ScenarioRecordBuilder).
 */
final class ScenarioRecord
{
    /**
     * @param list<string>              $problems   why the scenario was not measured (failed to prepare, to start,
     *                                              or the gate)
     * @param array<int, LoadResult>    $runs       round => run
     * @param string|null               $skipped    why it was not measured although nothing is wrong (a ladder rung
     *                                              that does not apply)
     * @param array<int, RunConditions> $conditions round => what the machine did during that run
     * @param array<int, int>           $instances  round => which start of its server ran it (1, then one more per
     *                                              restart)
     */
    public function __construct(
        public readonly string $name,
        public readonly ScenarioSetup $setup,
        public readonly array $problems = [],
        public readonly array $runs = [],
        public readonly ServerReadings $server = new ServerReadings(),
        public readonly ?string $skipped = null,
        public readonly array $conditions = [],
        public readonly array $instances = [],
    ) {
    }

    public function isMeasured(): bool
    {
        return [] === $this->problems && null === $this->skipped;
    }

    /** @return array<int, float> round => the metric's figure, for the runs that count and measured it */
    public function byRound(Metric $metric): array
    {
        $values = [];
        foreach ($this->runs as $round => $run) {
            $value = $metric->of($run);
            if (null !== $value) {
                $values[$round] = $value;
            }
        }

        return $values;
    }

    /** @return list<LoadResult> */
    public function validRuns(): array
    {
        return array_values(array_filter($this->runs, static fn (LoadResult $r): bool => $r->isValid()));
    }
}
