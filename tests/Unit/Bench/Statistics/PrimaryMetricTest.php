<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Statistics;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\InstructionCounts;
use Preheat\Bench\Load\Latency;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\RequestFailures;
use Preheat\Bench\Result\MachineLoad;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Result\ScenarioSetup;
use Preheat\Bench\Statistics\PrimaryMetric;

final class PrimaryMetricTest extends TestCase
{
    public function testCpuPerRequestLeadsWhenTheBaselinesCpuWasMeasured(): void
    {
        $choice = PrimaryMetric::choose(
            [$this->scenario('all', 1.0), $this->scenario('none', 1.2)],
            'none',
            new MachineLoad(null, 0.031, 0.05),
        );

        self::assertSame(Metric::CpuPerRequest, $choice->metric);
        self::assertStringContainsString(
            'the machine was noisy during the runs: 3.1% of CPU time stolen by the hypervisor, 5% of the CPU used by '
            .'other processes',
            $choice->reason,
        );
    }

    public function testCountedInstructionsLeadOverEverything(): void
    {
        $counted = new LoadResult(
            tool: 'cgi',
            requests: 200,
            seconds: 2.0,
            latency: new Latency(),
            failures: new RequestFailures(),
            toolCpuSeconds: null,
            concurrency: 1,
            phpCpuSeconds: 1.0,
            instructions: new InstructionCounts(4_000_000_000),
        );
        $baseline = new ScenarioRecord(name: 'none', setup: new ScenarioSetup(spec: 'none', preloadScript: null), runs: [1 => $counted, 2 => $counted, 3 => $counted]);

        $choice = PrimaryMetric::choose([$baseline, $this->scenario('all', 1.0)], 'none');

        self::assertSame(Metric::InstructionsPerRequest, $choice->metric);
        self::assertStringContainsString('the same code gives the same count', $choice->reason);
    }

    public function testReqPerSecondLeadsWithoutACpuReading(): void
    {
        $choice = PrimaryMetric::choose([$this->scenario('none', null), $this->scenario('all', 1.0)], 'none');

        self::assertSame(Metric::RequestsPerSecond, $choice->metric);
        self::assertStringContainsString('not measured', $choice->reason);
    }

    public function testTheNoiseInWordsWithItsThresholds(): void
    {
        self::assertSame(
            'the machine was quiet during the runs: 2.0% of CPU time stolen by the hypervisor, 10% of the CPU used '
            .'by other processes',
            PrimaryMetric::noise(new MachineLoad(null, 0.02, 0.10)),
        );
        self::assertSame(
            'the machine was noisy during the runs: 11% of the CPU used by other processes',
            PrimaryMetric::noise(new MachineLoad(null, null, 0.11)),
        );
        self::assertSame('how busy the machine was is not known', PrimaryMetric::noise(null));
    }

    private function scenario(string $name, ?float $phpCpuSeconds): ScenarioRecord
    {
        $run = new LoadResult(
            tool: 'wrk',
            requests: 200,
            seconds: 2.0,
            latency: new Latency(meanMs: 1.0, p50Ms: 1.0, p90Ms: 1.0, p99Ms: 1.0),
            failures: new RequestFailures(),
            toolCpuSeconds: 0.1,
            concurrency: 8,
            phpCpuSeconds: $phpCpuSeconds,
        );

        return new ScenarioRecord(name: $name, setup: new ScenarioSetup(spec: $name, preloadScript: null), runs: [1 => $run, 2 => $run, 3 => $run]);
    }
}
