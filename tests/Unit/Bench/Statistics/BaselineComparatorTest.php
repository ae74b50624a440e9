<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Statistics;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\Latency;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\RequestFailures;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Result\ScenarioSetup;
use Preheat\Bench\Statistics\BaselineComparator;
use Preheat\Bench\Statistics\Verdict;

/** Every scenario against the baseline on one metric: gains above 0 are faster for every metric. */
final class BaselineComparatorTest extends TestCase
{
    public function testACostThatFallsIsAGainAndAreqPerSecondThatRisesIsOneToo(): void
    {
        // all: 25% more req/s in every round, and 20% less CPU per request (4 ms instead of 5 ms).
        $none = $this->scenario('none', [1 => [100.0, 5.0], 2 => [110.0, 5.0], 3 => [90.0, 5.0]]);
        $all = $this->scenario('all', [1 => [125.0, 4.0], 2 => [137.5, 4.0], 3 => [112.5, 4.0]]);
        $comparator = new BaselineComparator();

        $rps = $comparator->compare($all, $none, Metric::RequestsPerSecond);
        $cpu = $comparator->compare($all, $none, Metric::CpuPerRequest);

        self::assertNotNull($rps);
        self::assertNotNull($cpu);
        self::assertEqualsWithDelta(0.25, $rps->gain(), 1e-9);
        self::assertEqualsWithDelta(0.25, $cpu->gain(), 1e-9, 'baseline ÷ scenario: 5 / 4');
        self::assertSame(Verdict::Faster, $cpu->verdict());
        self::assertEqualsWithDelta([1 => 1.25, 2 => 1.25, 3 => 1.25], $cpu->ratios, 1e-9);
    }

    public function testAScenarioThatCostsMoreIsSlower(): void
    {
        $none = $this->scenario('none', [1 => [100.0, 4.0], 2 => [100.0, 4.1], 3 => [100.0, 3.9]]);
        $record = $this->scenario('record', [1 => [100.0, 5.0], 2 => [100.0, 5.1], 3 => [100.0, 4.9]]);

        $cpu = (new BaselineComparator())->compare($record, $none, Metric::CpuPerRequest);

        self::assertNotNull($cpu);
        self::assertLessThan(0.0, $cpu->gain());
        self::assertSame(Verdict::Slower, $cpu->verdict());
    }

    public function testCompareAllSkipsTheBaselineAndWhatWasNotMeasured(): void
    {
        $none = $this->scenario('none', [1 => [100.0, 5.0], 2 => [100.0, 5.0], 3 => [100.0, 5.0]]);
        $all = $this->scenario('all', [1 => [120.0, 4.0], 2 => [120.0, 4.0], 3 => [120.0, 4.0]]);
        $noCpu = $this->scenario('hot', [1 => [130.0, null], 2 => [130.0, null], 3 => [130.0, null]]);
        $broken = new ScenarioRecord(name: 'broken', setup: new ScenarioSetup(spec: 'naive.php', preloadScript: 'naive.php'), problems: ['it did not start']);
        $comparator = new BaselineComparator();

        self::assertSame(
            ['all', 'hot'],
            array_keys($comparator->compareAll([$none, $all, $noCpu, $broken], 'none', Metric::RequestsPerSecond)),
        );
        self::assertSame(
            ['all'],
            array_keys($comparator->compareAll([$none, $all, $noCpu, $broken], 'none', Metric::CpuPerRequest)),
        );
        self::assertSame(
            [],
            $comparator->compareAll([$all, $noCpu], 'none', Metric::RequestsPerSecond),
            'no baseline, nothing to compare with',
        );
    }

    public function testOnlyRoundsWhereBothSidesMeasuredTheMetricArePaired(): void
    {
        $none = $this->scenario('none', [1 => [100.0, 5.0], 2 => [100.0, null], 3 => [100.0, 5.0], 4 => [100.0, 5.0]]);
        $all = $this->scenario('all', [1 => [120.0, 4.0], 2 => [120.0, 4.0], 3 => [120.0, null], 4 => [120.0, 2.5]]);

        $cpu = (new BaselineComparator())->compare($all, $none, Metric::CpuPerRequest);

        self::assertSame([1, 4], array_keys($cpu->ratios ?? []));
        self::assertNull($cpu?->interval, 'two paired rounds give no interval');
    }

    /** @param array<int, array{float, ?float}> $rounds round => [req/s, CPU ms per request] over 10 s */
    private function scenario(string $name, array $rounds): ScenarioRecord
    {
        $runs = [];
        foreach ($rounds as $round => [$rps, $cpuMs]) {
            $requests = (int) round($rps * 10);
            $runs[$round] = new LoadResult(
                tool: 'wrk',
                requests: $requests,
                seconds: 10.0,
                latency: new Latency(
                    meanMs: 1.0,
                    p50Ms: 1.0,
                    p90Ms: 1.0,
                    p99Ms: 1.0,
                ),
                failures: new RequestFailures(),
                toolCpuSeconds: 0.1,
                concurrency: 4,
                phpCpuSeconds: null === $cpuMs ? null : $cpuMs * $requests / 1000,
            );
        }

        return new ScenarioRecord(name: $name, setup: new ScenarioSetup(spec: $name, preloadScript: null), runs: $runs);
    }
}
