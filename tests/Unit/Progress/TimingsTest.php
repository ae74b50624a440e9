<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Progress;

use PHPUnit\Framework\TestCase;
use Preheat\Progress\Timings;
use Preheat\Progress\TimingSpan;

final class TimingsTest extends TestCase
{
    public function testSpansNestAsTheWorkDoesAndCountsGoToTheInnermost(): void
    {
        $timings = new Timings();
        $timings->span('plan', static function () use ($timings): void {
            $timings->span('screen', static fn () => $timings->count('files', 3));
            $timings->count('passes', 1);
        });
        $timings->span('write', static fn () => null);

        $spans = $timings->report()->spans;

        self::assertSame([['plan', 0], ['screen', 1], ['write', 0]], array_map(static fn (TimingSpan $s): array => [$s->name, $s->depth], $spans));
        self::assertSame(['passes' => 1], $spans[0]->counts);
        self::assertSame(['files' => 3], $spans[1]->counts);
    }

    public function testASpanRunAgainUnderTheSameParentIsOneLineWithItsTotal(): void
    {
        $timings = new Timings();
        for ($i = 0; $i < 3; ++$i) {
            $timings->span('plan', static fn () => usleep(2000));
        }

        $spans = $timings->report()->spans;

        self::assertCount(1, $spans);
        self::assertSame(3, $spans[0]->times);
        self::assertGreaterThanOrEqual(0.006, $spans[0]->seconds);
    }

    public function testAProcessInABootIsCountedByItAndOneOutsideAnyBootIsListedAsOther(): void
    {
        $timings = new Timings();
        $timings->boot('PHP boot: baseline', static function () use ($timings): void {
            // Nested spans inside a boot still count for the boot.
            $timings->span('inner', static fn () => $timings->process('php probe.php', 0.5));
        });
        $timings->span('plan', static fn () => $timings->process('php -r', 0.25));

        $report = $timings->report();
        $byName = [];
        foreach ($report->spans as $span) {
            $byName[$span->name] = $span;
        }

        self::assertSame(['processes' => 1], $byName['PHP boot: baseline']->counts);
        self::assertTrue($byName['PHP boot: baseline']->isBoot);
        self::assertArrayHasKey('other process: php -r', $byName, 'a process nobody named is still in the table');
        self::assertSame(1, $byName['other process: php -r']->depth);
        self::assertSame(0.25, $byName['other process: php -r']->seconds);
        self::assertSame(2, $report->processes());
    }

    public function testASpanThatThrowsIsClosedAndTimed(): void
    {
        $timings = new Timings();
        try {
            $timings->span('failing', static fn () => throw new \RuntimeException('no'));
        } catch (\RuntimeException) {
        }
        $timings->span('after', static fn () => null);

        self::assertSame([0, 0], array_map(static fn (TimingSpan $s): int => $s->depth, $timings->report()->spans));
    }

    public function testTheOutermostSpansAreWithinTheWallTime(): void
    {
        $timings = new Timings();
        $timings->span('a', static fn () => usleep(3000));
        $timings->span('b', static fn () => $timings->span('c', static fn () => usleep(3000)));

        $report = $timings->report();

        self::assertGreaterThanOrEqual(0.006, $report->accountedSeconds());
        self::assertLessThanOrEqual($report->wallSeconds, $report->accountedSeconds());
    }
}
