<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Report\UsageJsonRenderer;
use Preheat\Report\UsageTextRenderer;
use Preheat\Usage\UsageSummary;

final class UsageRenderersTest extends TestCase
{
    public function testText(): void
    {
        $snapshot = new UsageSnapshot(
            1200,
            ['/app/a.php' => 1200, '/app/b.php' => 300],
            1714557600,
            1714581000,
            ['web1', 'web2'],
            24,
            1,
            50,
        );

        $lines = (new UsageTextRenderer())->lines(UsageSummary::of($snapshot, 1), '/srv/usage.log');

        self::assertSame([
            'Usage recorded in /srv/usage.log',
            '  Requests   1,200 sampled, in 24 batches, from 2 servers: web1, web2',
            '  Window     2024-05-01 10:00:00 UTC → 2024-05-01 16:30:00 UTC (6.5 h)',
            '  Files      2 distinct; a request loads 1.3 on average',
            '  Coverage   files that account for a share of all loads: 50%: 1 · 80%: 1 · 90%: 2 · 95%: 2 · 99%: 2 · '
            .'100%: 2',
            '  Damaged    1 record skipped (torn or garbled lines)',
            '  Dropped    50 sampled requests, while the store was unreachable',
            'Top 1 of 2 files (sampled requests that loaded each, and their share):',
            '       1,200  100.0%  /app/a.php',
        ], $lines);
    }

    public function testJson(): void
    {
        $snapshot = new UsageSnapshot(3, ['/a.php' => 3, '/b.php' => 1], 10, 20, ['web1'], 1);

        $json = (new UsageJsonRenderer())->json(
            UsageSummary::of($snapshot, 5),
            'redis://127.0.0.1:6379/0?prefix=preheat%3A',
        );

        self::assertSame(3, $json['requests']);
        self::assertSame(4, $json['loads']);
        self::assertSame(1.33, $json['filesPerRequest']);
        self::assertSame(['share' => 0.5, 'files' => 1], $json['coverage'][0]);
        self::assertSame(['share' => 1, 'files' => 2], $json['coverage'][5]);
        self::assertSame(
            [
                ['file' => '/a.php', 'requests' => 3, 'share' => 1.0],
                ['file' => '/b.php', 'requests' => 1, 'share' => 0.3333],
            ],
            $json['top'],
        );
    }
}
