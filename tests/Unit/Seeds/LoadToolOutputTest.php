<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Seeds;

use PHPUnit\Framework\TestCase;
use Preheat\Seeds\AbOutput;
use Preheat\Seeds\WrkOutput;

/** ab and wrk as they print on Debian (outputs captured from real runs, wrk-errors edited to have every error kind). */
final class LoadToolOutputTest extends TestCase
{
    private const FIXTURES = __DIR__.'/../../Fixtures/seeds/';

    public function testAbGivesThroughputFailuresAndItsWholePercentileTable(): void
    {
        $run = AbOutput::parse(self::fixture('ab-ok.txt'), '', 2000);

        self::assertSame(22418, $run->requests);
        self::assertSame(5.001, $run->seconds);
        self::assertSame(4482.90, $run->requestsPerSecond);
        self::assertSame(2.231, $run->timePerRequestMs);
        self::assertSame([50 => 1.0, 66 => 2.0, 75 => 3.0, 80 => 4.0, 90 => 6.0, 95 => 7.0, 98 => 9.0, 99 => 10.0], $run->percentilesMs);
        self::assertSame(32.0, $run->maxMs);
        self::assertSame(0, $run->failures());
        self::assertSame(4416346, $run->bytes);
        self::assertSame(22418, $run->sent());
        self::assertNull($run->error);
    }

    public function testAbFailedRequestsAndNon2xxAnswersBothCountAsFailures(): void
    {
        $lengths = AbOutput::parse(self::fixture('ab-fail.txt'), '', 2000);
        $notFound = AbOutput::parse(self::fixture('ab-non2xx.txt'), '', 300);

        self::assertSame(1888, $lengths->failed);
        self::assertSame(1888, $lengths->failures());
        self::assertSame(0, $notFound->failed);
        self::assertSame(300, $notFound->non2xx);
        self::assertSame(300, $notFound->failures());
    }

    public function testAbThatPrintedNoResultCountsEveryRequestAsFailedAndSaysWhy(): void
    {
        $run = AbOutput::parse(self::fixture('ab-refused.txt'), self::fixture('ab-refused.stderr.txt'), 100);

        self::assertSame(0, $run->requests);
        self::assertSame(100, $run->failures());
        self::assertSame(100, $run->sent());
        self::assertSame('apr_socket_recv: Connection refused (111)', $run->error);
    }

    public function testWrkGivesItsLatencyDistributionInMilliseconds(): void
    {
        $run = WrkOutput::parse(self::fixture('wrk-ok.txt'), '');

        self::assertSame(11099, $run->requests);
        self::assertSame(2.02, $run->seconds);
        self::assertSame(5506.76, $run->requestsPerSecond);
        self::assertSame([50 => 1.18, 75 => 2.26, 90 => 3.86, 99 => 6.87], $run->percentilesMs);
        self::assertSame(13.15, $run->maxMs);
        self::assertSame((int) round(2.09 * 1048576), $run->bytes);
        self::assertSame(0, $run->failures());
    }

    public function testWrkSocketErrorsAndNon2xxAnswersAreFailures(): void
    {
        $errors = WrkOutput::parse(self::fixture('wrk-errors.txt'), '');
        $notFound = WrkOutput::parse(self::fixture('wrk-non2xx.txt'), '');

        self::assertSame(55, $errors->failed);
        self::assertSame(4520 + 55, $errors->sent());
        self::assertEqualsWithDelta(1520.0, $errors->percentile(99), 1e-9);
        self::assertEqualsWithDelta(350.1, $errors->percentile(50), 1e-9);
        self::assertEqualsWithDelta(1980.0, $errors->maxMs, 1e-9);
        self::assertSame((int) round(812.40 * 1024), $errors->bytes);
        self::assertSame(7070, $notFound->non2xx);
        self::assertSame(7070, $notFound->failures());
    }

    public function testWrkThatCouldNotConnectSaysWhy(): void
    {
        $run = WrkOutput::parse('', "unable to connect to 127.0.0.1:18777 Connection refused\n");

        self::assertSame(0, $run->requests);
        self::assertSame('unable to connect to 127.0.0.1:18777 Connection refused', $run->error);
    }

    private static function fixture(string $name): string
    {
        return (string) file_get_contents(self::FIXTURES.$name);
    }
}
