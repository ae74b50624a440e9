<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Statistics\Bootstrap;
use Preheat\Bench\Statistics\ConfidenceInterval;
use Preheat\Bench\Statistics\Sample;

/**
 * Compares this run with an earlier one, scenario by scenario (matched by name), on this run's primary metric.
 * Unlike a gain over the baseline, the two sides were not measured side by side: each run's rounds (or server
 * starts, when its servers were started anew) are taken as independent values, the change is the ratio of the
 * two runs' medians as a speed-up, and its interval a seeded percentile bootstrap of that ratio resampling each
 * run on its own. It sees how much the rounds of each run spread, not how the machine drifted between the two
 * runs' times: hence the same kind of machine is required, and a busy neighbour during one run shows as a change.
 */
final class RunComparer
{
    /** Values each side needs for an interval (as for a gain: below it a bootstrap is degenerate). */
    public const MIN_VALUES = 3;

    public function __construct(
        private readonly Bootstrap $bootstrap = new Bootstrap(10000, 1),
        private readonly float $level = 0.95,
    ) {
    }

    public function compare(RecordedRun $now, RecordedRun $earlier, string $file): RunComparison
    {
        $metric = $now->primary;
        $differences = $now->kind->differences($earlier->kind);
        if ([] !== $differences) {
            return new RunComparison($file, $metric, $differences, []);
        }
        $changes = [];
        foreach ($now->scenarios as $scenario) {
            $changes[] = $this->scenario($scenario, $earlier->scenario($scenario->name), $metric);
        }

        return new RunComparison($file, $metric, [], $changes);
    }

    private function scenario(RecordedScenario $now, ?RecordedScenario $earlier, Metric $metric): ScenarioChange
    {
        if (null === $earlier) {
            return new ScenarioChange($now->name, null, 'not in the earlier run');
        }
        $missing = match (true) {
            !$now->measured => 'not measured in this run',
            !$earlier->measured => 'not measured in the earlier run',
            $now->spec !== $earlier->spec => \sprintf('%s now, %s in the earlier run', $now->spec, $earlier->spec),
            [] === $now->units($metric) => \sprintf('no %s measured in this run', $metric->label()),
            [] === $earlier->units($metric) => \sprintf('no %s in the earlier run', $metric->label()),
            default => null,
        };
        if (null !== $missing) {
            return new ScenarioChange($now->name, null, $missing);
        }

        return new ScenarioChange($now->name, $this->change($now, $earlier, $metric));
    }

    private function change(RecordedScenario $now, RecordedScenario $earlier, Metric $metric): Estimate
    {
        $current = new Sample($now->units($metric));
        $before = new Sample($earlier->units($metric));
        $ratio = $current->median() / $before->median();
        $speedup = $metric->higherIsBetter() ? $ratio : 1.0 / $ratio;
        if ($current->count() < self::MIN_VALUES || $before->count() < self::MIN_VALUES) {
            return new Estimate($speedup - 1.0, null, \sprintf(
                '%s now, %s in the earlier run; an interval needs %d on each side',
                self::units($current->count(), $now->restarted($metric)),
                self::units($before->count(), $earlier->restarted($metric)),
                self::MIN_VALUES,
            ));
        }
        $interval = $this->bootstrap->ratioOfMedians($current, $before, $this->level);
        [$low, $high] = $metric->higherIsBetter()
            ? [$interval->low, $interval->high]
            : [1.0 / $interval->high, 1.0 / $interval->low];

        return new Estimate($speedup - 1.0, new ConfidenceInterval($low - 1.0, $high - 1.0, $this->level));
    }

    private static function units(int $count, bool $starts): string
    {
        return \sprintf('%d %s', $count, $starts ? (1 === $count ? 'server start' : 'server starts') : (
            1 === $count ? 'round' : 'rounds'
        ));
    }
}
