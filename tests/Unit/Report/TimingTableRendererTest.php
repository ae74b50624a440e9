<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report;

use PHPUnit\Framework\TestCase;
use Preheat\Progress\TimingReport;
use Preheat\Progress\TimingSpan;
use Preheat\Report\Json\TimingJson;
use Preheat\Report\TimingTableRenderer;

final class TimingTableRendererTest extends TestCase
{
    public function testTheTableIndentsSpansAndSaysTheirShareCountsAndWhatNoSpanAccountsFor(): void
    {
        $report = new TimingReport([
            new TimingSpan('scan and stat', 0, 0.25, 1, ['files' => 6571, 'context files' => 12], false),
            new TimingSpan('parse', 0, 1.5, 1, ['files parsed' => 10, 'from cache' => 6561], false),
            new TimingSpan('plan', 0, 0.75, 2, [], false),
            new TimingSpan('close over dependencies', 1, 0.5, 2, [], false),
            new TimingSpan('PHP boot: include_path lookup', 2, 0.05, 1, ['processes' => 1], true),
            new TimingSpan('verification', 0, 2.0, 1, [], false),
            new TimingSpan('PHP boot: with the script', 1, 1.25, 1, ['processes' => 1], true),
            new TimingSpan('other process: php -r', 1, 0.5, 2, ['processes' => 2], false),
        ], 5.0);

        $this->assertGolden('timing-table.txt', implode("\n", (new TimingTableRenderer())->render($report))."\n");
    }

    public function testOnANarrowTerminalTheCountsWrapUnderTheCounts(): void
    {
        $report = new TimingReport([
            new TimingSpan('scan and stat', 0, 0.25, 3, ['files' => 6571, 'context files' => 12, 'links' => 4], false),
        ], 1.0);

        $lines = (new TimingTableRenderer())->render($report, 60);

        self::assertSame([
            'Timings',
            '  stage              seconds  share  counts',
            '  scan and stat        0.250    25%  3 times, 6571 files, 12',
            '                                     context files, 4 links',
            '  not in any span      0.750    75%',
            '  total                1.000   100%  0 process(es)',
        ], $lines);
        self::assertSame((new TimingTableRenderer())->render($report, 200), (new TimingTableRenderer())->render($report));
    }

    public function testTheJsonFormIsTheSameSpans(): void
    {
        $report = new TimingReport([new TimingSpan('parse', 0, 1.23456, 1, ['files parsed' => 3], false)], 2.0);

        self::assertSame([
            'wall_seconds' => 2.0,
            'accounted_seconds' => 1.235,
            'processes' => 0,
            'spans' => [
                ['name' => 'parse', 'depth' => 0, 'seconds' => 1.235, 'times' => 1, 'counts' => ['files parsed' => 3]],
            ],
        ], TimingJson::report($report));
    }

    private function assertGolden(string $name, string $actual): void
    {
        $file = __DIR__.'/../../Fixtures/golden/'.$name;
        if ('1' === getenv('PREHEAT_UPDATE_FIXTURES')) {
            file_put_contents($file, $actual);
        }
        self::assertStringEqualsFile($file, $actual);
    }
}
