<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Load;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\InstructionCounts;
use Preheat\Bench\Load\Latency;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\RequestFailures;

final class LoadResultTest extends TestCase
{
    public function testTimePerRequestIsConcurrencyOverThroughput(): void
    {
        $result = $this->load(requests: 1000, seconds: 2.0, concurrency: 8);

        self::assertSame(500.0, $result->requestsPerSecond());
        self::assertSame(16.0, $result->timePerRequestMs());
    }

    public function testCombiningPagesAddsRequestsAndTimeAndWeighsLatencies(): void
    {
        $combined = LoadResult::combine([
            $this->load(requests: 100, seconds: 1.0, p50: 10.0),
            $this->load(requests: 300, seconds: 1.0, p50: 2.0, non2xx: 1),
        ]);

        self::assertSame(400, $combined->requests);
        self::assertSame(2.0, $combined->seconds);
        self::assertSame(4.0, $combined->latency->p50Ms, '(100 × 10 + 300 × 2) / 400');
        self::assertSame(1, $combined->failures->non2xx);
        self::assertFalse($combined->isValid());
    }

    public function testCombiningAddsUpWhatWasMeasuredOfTheServerOnlyWhenEveryPartMeasuredIt(): void
    {
        $a = $this->load(requests: 100, seconds: 1.0)->withPhpCpuSeconds(0.5);
        $b = $this->load(requests: 300, seconds: 1.0)->withPhpCpuSeconds(1.25);
        $counted = new LoadResult(
            tool: 'cgi',
            requests: 10,
            seconds: 1.0,
            latency: new Latency(),
            failures: new RequestFailures(),
            toolCpuSeconds: null,
            concurrency: 1,
            phpCpuSeconds: null,
            instructions: InstructionCounts::ofRequests([400_000, 390_000, 420_000]),
        );

        self::assertSame(1.75, LoadResult::combine([$a, $b])->phpCpuSeconds);
        self::assertSame(412, LoadResult::combine([$a->withPhpCpuSeconds(0.5, 104), $b->withPhpCpuSeconds(1.25, 308)])->phpRequests);
        self::assertNull(LoadResult::combine([$a->withPhpCpuSeconds(0.5, 104), $b])->phpRequests);
        self::assertNull(LoadResult::combine([$a, $this->load(requests: 1, seconds: 1.0)])->phpCpuSeconds, 'a partial sum would understate the cost');
        self::assertSame(2_420_000, LoadResult::combine([$counted, $counted])->instructions?->total);
        self::assertNull(LoadResult::combine([$counted, $this->load(requests: 1, seconds: 1.0)])->instructions);
    }

    public function testACpuReadingKeepsEverythingElseOfTheRun(): void
    {
        $run = $this->load(requests: 1000, seconds: 2.0, concurrency: 8, p50: 3.0, non2xx: 2);
        $measured = $run->withPhpCpuSeconds(1.5);

        self::assertSame(1.5, $measured->phpCpuSeconds);
        self::assertNull($run->phpCpuSeconds);
        self::assertSame(array_diff_key((array) $run, ['phpCpuSeconds' => 1]), array_diff_key((array) $measured, ['phpCpuSeconds' => 1]));
    }

    public function testARunWithNoRequestIsVoid(): void
    {
        self::assertSame('no request completed', $this->load(requests: 0, seconds: 1.0)->voidReason());
    }

    private function load(int $requests, float $seconds, int $concurrency = 1, ?float $p50 = 1.0, int $non2xx = 0): LoadResult
    {
        return new LoadResult(
            tool: 'wrk',
            requests: $requests,
            seconds: $seconds,
            latency: new Latency(meanMs: $p50, p50Ms: $p50, p90Ms: $p50, p99Ms: $p50),
            failures: new RequestFailures(non2xx: $non2xx, socketErrors: 0, timeouts: 0),
            toolCpuSeconds: 0.1,
            concurrency: $concurrency,
        );
    }
}
