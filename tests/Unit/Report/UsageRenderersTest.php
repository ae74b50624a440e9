<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\Strategy\StoreReading;
use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Report\UsageJsonRenderer;
use Preheat\Report\UsageTextRenderer;
use Preheat\Usage\UsageSummary;

final class UsageRenderersTest extends TestCase
{
    public function testText(): void
    {
        $snapshot = new UsageSnapshot(
            requests: 1200,
            fileCounts: ['/app/a.php' => 1200, '/app/b.php' => 300],
            from: 1714557600,
            to: 1714581000,
            servers: ['web1', 'web2'],
            reading: new StoreReading(batches: 24, skippedRecords: 1, droppedRequests: 50),
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

    /** On a narrow terminal a top file's long path wraps under the path; its count and share stay whole. */
    public function testTheTopListFitsTheTerminal(): void
    {
        $path = '/srv/www/example.org/releases/20240501/vendor/symfony/http-kernel/HttpKernel.php';
        $lines = UsageTextRenderer::fitted([
            '  Coverage   files that account for a share of all loads: 50%: 1 · 80%: 1 · 90%: 2 · 95%: 2 · 99%: 2',
            '      12,345   99.9%  '.$path,
        ], 60);

        foreach ($lines as $line) {
            self::assertLessThanOrEqual(60, mb_strwidth($line), $line);
        }
        self::assertSame('             50%: 1 · 80%: 1 · 90%: 2 · 95%: 2 · 99%: 2', $lines[1]);
        self::assertStringStartsWith('      12,345   99.9%  /srv/', $lines[2]);
        self::assertSame($path, implode('', array_map(static fn (string $l): string => substr($l, 22), \array_slice($lines, 2))));
        self::assertSame(['  one'], UsageTextRenderer::fitted(['  one'], null), 'no width: as they are');
    }

    public function testPhpFpmHitCountsAreWordedAsLoadsOfScriptsNotSampledRequests(): void
    {
        // As FpmHits::snapshot() makes it: the busiest script's loads stand for the requests, one "batch".
        $snapshot = new UsageSnapshot(
            requests: 40,
            fileCounts: ['/app/public/index.php' => 40, '/app/src/Home.php' => 30, '/app/src/Rare.php' => 2],
            from: 1714557600,
            to: 1714561200,
            servers: ['php-fpm at 127.0.0.1:9000'],
            reading: new StoreReading(batches: 1),
        );

        $lines = (new UsageTextRenderer())->hitCountLines(
            UsageSummary::of($snapshot, 2),
            'php-fpm at 127.0.0.1:9000 (OPcache hit counts)',
            1200,
        );

        self::assertSame([
            'Usage recorded in php-fpm at 127.0.0.1:9000 (OPcache hit counts)',
            '  Loads      40 of the busiest script, which stands for the requests (OPcache counts scripts, not requests)',
            '  Counting   since 2024-05-01 10:00:00 UTC (OPcache\'s last start) → 2024-05-01 11:00:00 UTC (60 min)',
            '  Scripts    3 distinct, of those the pool compiled; 1.8 loads per load of the busiest',
            '  Preloaded  1,200 more, which php-fpm preloaded: OPcache counts no use of them (no request includes them), '
            .'so they are not listed',
            '  Coverage   scripts that account for a share of all loads: 50%: 1 · 80%: 2 · 90%: 2 · 95%: 2 · 99%: 3 · '
            .'100%: 3',
            'Top 2 of 3 scripts (loads of each: its hits plus the load that compiled it; share of the busiest '
            .'script\'s loads):',
            '          40  100.0%  /app/public/index.php',
            '          30   75.0%  /app/src/Home.php',
        ], $lines);
        self::assertStringNotContainsString('sampled', implode("\n", $lines));
        self::assertStringNotContainsString('batch', implode("\n", $lines));
    }

    public function testJson(): void
    {
        $snapshot = new UsageSnapshot(requests: 3, fileCounts: ['/a.php' => 3, '/b.php' => 1], from: 10, to: 20, servers: ['web1'], reading: new StoreReading(batches: 1));

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
