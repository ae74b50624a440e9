<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Load;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\LoadResult;

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
        self::assertSame(4.0, $combined->latencyP50Ms, '(100 × 10 + 300 × 2) / 400');
        self::assertSame(1, $combined->non2xx);
        self::assertFalse($combined->isValid());
    }

    public function testARunWithNoRequestIsVoid(): void
    {
        self::assertSame('no request completed', $this->load(requests: 0, seconds: 1.0)->voidReason());
    }

    private function load(int $requests, float $seconds, int $concurrency = 1, ?float $p50 = 1.0, int $non2xx = 0): LoadResult
    {
        return new LoadResult('wrk', $requests, $seconds, $p50, $p50, $p50, $p50, $non2xx, 0, 0, 0.1, $concurrency);
    }
}
