<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Load;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\AbLoadGenerator;

final class AbLoadGeneratorTest extends TestCase
{
    public function testReadsAbOutput(): void
    {
        $result = AbLoadGenerator::parse((string) file_get_contents(__DIR__.'/../../../Fixtures/ab/ok.txt'), 0.5, 2);

        self::assertSame(200, $result->requests);
        self::assertSame(0.011, $result->seconds);
        self::assertEqualsWithDelta(200 / 0.011, $result->requestsPerSecond(), 0.01);
        self::assertSame(0.113, $result->latency->meanMs);
        self::assertSame(0.0, $result->latency->p50Ms);
        self::assertSame(0.0, $result->latency->p99Ms);
        self::assertTrue($result->isValid());
    }

    public function testLengthFailuresAreExpectedButOthersAndNon2xxVoidTheRun(): void
    {
        $result = AbLoadGenerator::parse((string) file_get_contents(__DIR__.'/../../../Fixtures/ab/failures.txt'), null, 2);

        self::assertSame(4, $result->failures->non2xx);
        self::assertSame(3, $result->failures->socketErrors, 'receive 2 + exceptions 1; length failures are normal with -l');
        self::assertFalse($result->isValid());
        self::assertSame('4 non-2xx, 3 socket errors, 0 timeouts', $result->voidReason());
    }

    public function testOutputWithoutResultsIsAnError(): void
    {
        $this->expectException(\RuntimeException::class);
        $this->expectExceptionMessage('ab failed (exit 22): apr_socket_recv: Connection refused');
        AbLoadGenerator::parse('', null, 2, 22, "apr_socket_recv: Connection refused (111)\n");
    }
}
