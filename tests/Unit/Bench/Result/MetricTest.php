<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Result;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\InstructionCounts;
use Preheat\Bench\Load\Latency;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\RequestFailures;
use Preheat\Bench\Result\Metric;

final class MetricTest extends TestCase
{
    public function testEachMetricReadsItsFigureFromARun(): void
    {
        $run = $this->loadRun(requests: 400, seconds: 2.0, phpCpu: 1.0, instructions: 2_000_000_000);

        self::assertSame(200.0, Metric::RequestsPerSecond->of($run));
        self::assertSame(2.5, Metric::CpuPerRequest->of($run), '1 CPU second over 400 requests, in ms');
        self::assertSame(5_000_000.0, Metric::InstructionsPerRequest->of($run));
    }

    public function testARunThatDidNotMeasureAMetricOrDoesNotCountHasNoFigure(): void
    {
        self::assertNull(Metric::CpuPerRequest->of($this->loadRun(requests: 400, seconds: 2.0)));
        self::assertNull(Metric::InstructionsPerRequest->of($this->loadRun(requests: 400, seconds: 2.0)));
        self::assertNull(
            Metric::CpuPerRequest->of($this->loadRun(requests: 400, seconds: 2.0, phpCpu: 0.0)),
            'no CPU seen is no measurement a ratio can use',
        );
        self::assertNull(
            Metric::RequestsPerSecond->of($this->loadRun(requests: 400, seconds: 2.0, non2xx: 1)),
            'a void run',
        );
        self::assertNull(Metric::CpuPerRequest->of($this->loadRun(requests: 0, seconds: 2.0, phpCpu: 1.0)));
    }

    public function testASpeedUpIsAboveOneWhenTheScenarioDidBetterWhicheverWayTheMetricPoints(): void
    {
        self::assertTrue(Metric::RequestsPerSecond->higherIsBetter());
        self::assertFalse(Metric::CpuPerRequest->higherIsBetter());
        self::assertFalse(Metric::InstructionsPerRequest->higherIsBetter());

        self::assertSame(1.25, Metric::RequestsPerSecond->speedup(125.0, 100.0));
        // 20% less CPU per request: a quarter more requests from the same CPU.
        self::assertSame(1.25, Metric::CpuPerRequest->speedup(4.0, 5.0));
        self::assertSame(0.8, Metric::InstructionsPerRequest->speedup(5.0, 4.0));
    }

    private function loadRun(
        int $requests,
        float $seconds,
        ?float $phpCpu = null,
        ?int $instructions = null,
        int $non2xx = 0,
    ): LoadResult {
        return new LoadResult(
            tool: 'wrk',
            requests: $requests,
            seconds: $seconds,
            latency: new Latency(
                meanMs: 1.0,
                p50Ms: 1.0,
                p90Ms: 1.0,
                p99Ms: 1.0,
            ),
            failures: new RequestFailures(
                non2xx: $non2xx,
                socketErrors: 0,
                timeouts: 0,
            ),
            toolCpuSeconds: 0.1,
            concurrency: 4,
            phpCpuSeconds: $phpCpu,
            instructions: null === $instructions ? null : new InstructionCounts($instructions),
        );
    }
}
