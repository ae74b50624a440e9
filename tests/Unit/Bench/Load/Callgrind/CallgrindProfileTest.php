<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Load\Callgrind;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\Callgrind\CallgrindError;
use Preheat\Bench\Load\Callgrind\CallgrindProfile;
use Preheat\Tests\Support\CallgrindFakeRunner;

final class CallgrindProfileTest extends TestCase
{
    private const FIXTURE = CallgrindFakeRunner::PROFILE;

    public function testReadsEveryPartWithItsTriggerAndTotal(): void
    {
        $profile = CallgrindProfile::read(self::FIXTURE);

        self::assertCount(13, $profile->parts);
        self::assertSame([1, '--dump-before=php_request_startup', 83815662], [$profile->parts[0]->number, $profile->parts[0]->trigger, $profile->parts[0]->instructions]);
        self::assertSame([13, 'Program termination', 6390360], [$profile->parts[12]->number, $profile->parts[12]->trigger, $profile->parts[12]->instructions]);
    }

    public function testTheRequestsAreThePartsThatEndWhereARequestEnds(): void
    {
        // php-cgi -T 5 as the workers' user: OPcache preloads in a request of its own (429,908), then
        // the first request compiles what is not preloaded, then the steady ones.
        self::assertSame([429908, 675766, 107623, 107623, 107623, 107623], CallgrindProfile::read(self::FIXTURE)->requests());
    }

    public function testTotalsOfSeveralEventsAreReadAtTheColumnOfInstructions(): void
    {
        $profile = CallgrindProfile::parse("# callgrind format\npart: 1\ndesc: Trigger: --dump-after=php_request_shutdown\nevents: Bc Ir\ntotals: 7 1234\n", 'x.out');

        self::assertSame([1234], $profile->requests());
    }

    public function testAFileThatIsNotAProfileIsAnErrorNamingIt(): void
    {
        $this->expectException(CallgrindError::class);
        $this->expectExceptionMessage('Cannot read the callgrind profile /tmp/x.out: not a callgrind output file');
        CallgrindProfile::parse("Elapsed time: 0.1 sec\n", '/tmp/x.out');
    }

    public function testAProfileWithoutInstructionsIsAnError(): void
    {
        $this->expectException(CallgrindError::class);
        $this->expectExceptionMessage('part 1 does not count instructions (events: Dr Dw)');
        CallgrindProfile::parse("# callgrind format\nevents: Dr Dw\ntotals: 1 2\n", 'x.out');
    }

    public function testATruncatedProfileIsAnError(): void
    {
        $this->expectException(CallgrindError::class);
        $this->expectExceptionMessage('it holds no totals');
        CallgrindProfile::parse("# callgrind format\nversion: 1\npart: 1\nevents: Ir\nsummary: 5\n", 'x.out');
    }

    public function testAMissingFileIsAnError(): void
    {
        $this->expectException(CallgrindError::class);
        $this->expectExceptionMessage('/nonexistent/001.42: no such file');
        CallgrindProfile::read('/nonexistent/001.42');
    }
}
