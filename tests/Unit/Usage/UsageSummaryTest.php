<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Usage;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Usage\UsageSummary;

final class UsageSummaryTest extends TestCase
{
    public function testRanksFilesAndComputesTheCoverageCurve(): void
    {
        // 10 requests, 30 loads: cumulative 10, 20, 25, 28, 29, 30
        $snapshot = new UsageSnapshot(
            requests: 10,
            fileCounts: ['/f.php' => 1, '/c.php' => 5, '/b.php' => 10, '/e.php' => 1, '/a.php' => 10, '/d.php' => 3],
            from: 100,
            to: 200,
        );

        $summary = UsageSummary::of($snapshot, 3);

        self::assertSame(30, $summary->loads);
        self::assertSame(6, $summary->distinctFiles());
        self::assertSame(3.0, $summary->filesPerRequest());
        self::assertSame([50 => 2, 80 => 3, 90 => 4, 95 => 5, 99 => 6, 100 => 6], $summary->coverage);
        self::assertSame([
            ['file' => '/a.php', 'requests' => 10, 'share' => 1.0],
            ['file' => '/b.php', 'requests' => 10, 'share' => 1.0],
            ['file' => '/c.php', 'requests' => 5, 'share' => 0.5],
        ], $summary->top);
    }

    public function testAThresholdReachedExactlyNeedsNoMoreFiles(): void
    {
        $summary = UsageSummary::of(new UsageSnapshot(requests: 4, fileCounts: ['/a.php' => 4, '/b.php' => 4], from: 1, to: 2));

        self::assertSame([50 => 1, 80 => 2, 90 => 2, 95 => 2, 99 => 2, 100 => 2], $summary->coverage);
    }

    public function testAnEmptySnapshotHasAFlatCurve(): void
    {
        $summary = UsageSummary::of(new UsageSnapshot(requests: 0, fileCounts: [], from: null, to: null));

        self::assertSame([50 => 0, 80 => 0, 90 => 0, 95 => 0, 99 => 0, 100 => 0], $summary->coverage);
        self::assertSame([], $summary->top);
        self::assertSame(0.0, $summary->filesPerRequest());
    }
}
