<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Seeds;

use PHPUnit\Framework\TestCase;
use Preheat\Seeds\Cells;
use Preheat\Seeds\EventServerTable;
use Preheat\Seeds\MarkdownTable;
use Preheat\Seeds\Measurement;
use Preheat\Seeds\PreloadTable;
use Preheat\Seeds\Repeats;
use Preheat\Seeds\Results;
use Preheat\Seeds\RunNotes;
use Preheat\Seeds\ServerTable;
use Preheat\Seeds\Stacks;

final class TablesTest extends TestCase
{
    public function testARowKeepsItsMedianWithMinMaxAndEveryFailureOfEveryRun(): void
    {
        $repeats = new Repeats([
            self::ab(1000.0, p50: 10.0, max: 80.0, failed: 2, idle: 10, peak: 12),
            self::ab(1200.0, p50: 12.0, max: 60.0, peak: 15),
            self::ab(900.0, p50: 11.0, max: 90.0, non2xx: 5, peak: 11),
            Measurement::broken('ab', 10000, 'apr_pollset_poll: The timeout specified has expired (70007)'),
        ]);

        $rps = $repeats->requestsPerSecond();
        self::assertNotNull($rps);
        self::assertSame([1000.0, 900.0, 1200.0, 3], [$rps->median, $rps->min, $rps->max, $rps->count]);
        self::assertSame(11.0, $repeats->percentileMs(50));
        self::assertSame(90.0, $repeats->percentileMs(100));
        self::assertSame(2 + 5 + 10000, $repeats->failures());
        self::assertSame(3 * 5000 + 10000, $repeats->sent());
        self::assertSame(15 * 1048576, $repeats->peakPssBytes());
        self::assertSame(10 * 1048576, $repeats->idlePssBytes());
        self::assertSame('1,000 (900–1,200) (1 of 4 runs gave no result: apr_pollset_poll: The timeout specified has expired (70007))', ServerTable::rate($repeats));
        self::assertSame('10,007 / 25,000', Cells::failures($repeats));
        self::assertSame('10.0 → 15.0 MB', Cells::memoryRange($repeats->idlePssBytes(), $repeats->peakPssBytes()));
    }

    public function testLatencyKeepsTheToolsResolution(): void
    {
        self::assertSame('0', Cells::ms(0.0));
        self::assertSame('0.8', Cells::ms(0.8));
        self::assertSame('4', Cells::ms(4.0));
        self::assertSame('5,006', Cells::ms(5006.0));
        self::assertSame(Cells::NONE, Cells::ms(null));
    }

    public function testMarkdownTableLinesUpItsColumnsAndEscapesPipes(): void
    {
        $table = MarkdownTable::render(['server', 'req/s'], [['a|b', '1,000 (900–1,200)'], ['nginx + php-fpm', '5']]);

        self::assertSame(
            "| server          | req/s             |\n"
            ."| --------------- | ----------------- |\n"
            ."| a\\|b            | 1,000 (900–1,200) |\n"
            ."| nginx + php-fpm | 5                 |\n",
            $table,
        );
        $this->expectException(\InvalidArgumentException::class);
        MarkdownTable::render(['a', 'b'], [['only one']]);
    }

    public function testServerTableSaysWhichServerWasNotAvailableAndSetsThePublishedFiguresBesideTheRows(): void
    {
        $results = new Results();
        $results->markUnavailable(Stacks::WORKER, 'the worker runtime is not part of this version');
        foreach ([100, 500, 1000] as $concurrency) {
            $results->add(ServerTable::abKey('classload', $concurrency, Stacks::MOD_PHP), self::ab(1500.0, p50: 1.0, max: 5006.0, failed: 4));
        }

        $markdown = (new ServerTable())->markdown($results, self::notes());

        self::assertMatchesRegularExpression('/\| class-load +\| 100 +\| worker \(app booted once\) +\| not available: the worker runtime is not part of this version .*\| 52,452 \(Swoole\) +\|/', $markdown);
        self::assertMatchesRegularExpression('/\| class-load +\| 500 +\| Apache \+ mod_php +\| 1,500 +\| 4 \/ 5,000 .*\| 1,706 \(144 failed\) +\|/', $markdown);
        self::assertStringContainsString('This machine has 2 cores: the load tool runs on the same cores as the servers', $markdown);
        self::assertStringContainsString('<svg', (new ServerTable())->chart($results, self::notes()));
    }

    public function testScalingEfficiencyIsThroughputOverNTimesOneProcess(): void
    {
        $results = new Results();
        foreach ([1 => 1000.0, 2 => 1800.0, 4 => 2000.0] as $workers => $rps) {
            $results->add(EventServerTable::scalingKey($workers, Stacks::FPM), self::ab($rps)->withToolCpu($rps / 2000, 1.0));
        }

        $markdown = (new EventServerTable())->markdown($results, self::notes());

        self::assertMatchesRegularExpression('/\| nginx \+ php-fpm +\| 1 +\| 1,000 +\| 100% +\| 0 \/ 5,000 +\| 50% +\|/', $markdown);
        self::assertMatchesRegularExpression('/\| nginx \+ php-fpm +\| 2 +\| 1,800 +\| 90% +\| 0 \/ 5,000 +\| 90% +\|/', $markdown);
        self::assertMatchesRegularExpression('/\| nginx \+ php-fpm +\| 4 +\| 2,000 +\| 50% +\| 0 \/ 5,000 +\| 100% +\|/', $markdown);
        self::assertStringContainsString('With 2 cores, more than 2 busy processes cannot run at once', $markdown);
        self::assertStringContainsString('<svg', (new EventServerTable())->chart($results, self::notes()));
    }

    public function testFileRowsSayHowMuchTheServingProcessesGrewAndKeepADecimalForFewRequestsASecond(): void
    {
        $results = new Results();
        $results->markUnavailable(Stacks::WORKER, 'did not start');
        $results->add(EventServerTable::fileKey('100mb', EventServerTable::NGINX_STATIC), self::ab(4.5, idle: 3, peak: 3));
        $results->add(EventServerTable::fileKey('100mb', EventServerTable::FPM_READFILE), self::ab(2.25, idle: 4, peak: 6));

        $markdown = (new EventServerTable())->markdown($results, self::notes());

        self::assertMatchesRegularExpression('/\| 100 MB +\| 4 \/ 40 +\| worker: static file +\| not available: did not start .*\| 150 req\/s, streamed over 2 MB, memory flat \|/', $markdown);
        self::assertMatchesRegularExpression('/\| 100 MB +\| 4 \/ 40 +\| nginx: static file \(PSS: nginx\) +\| 4\.5 +\| 0 +\| 0 \/ 5,000 +\| 3\.0 → 3\.0 MB +\| \+0\.0 MB +\|/', $markdown);
        self::assertMatchesRegularExpression('/\| 100 MB +\| 4 \/ 40 +\| nginx \+ php-fpm: PHP readfile\(\) +\| 2\.3 +\| 0 +\| 0 \/ 5,000 +\| 4\.0 → 6\.0 MB +\| \+2\.0 MB +\|/', $markdown);
    }

    public function testPreloadTableReadsTheBenchReportAndSaysWhyAScenarioWasNotMeasured(): void
    {
        $table = PreloadTable::fromFile(__DIR__.'/../../Fixtures/seeds/preload-report.json');

        $markdown = $table->markdown(self::notes());

        self::assertMatchesRegularExpression('/\| none +\| 40\.0 \(38\.5–44\.3\) +\| 1,250\.0 \(1,130\.0–1,298\.7\) +\| 13\.02 \(12\.12–13\.83\) +\| — +\| — +\| 0\.0 MB +\| 7\.5 MB +\| 3 \/ 970 +\| 64\.79 /', $markdown);
        self::assertMatchesRegularExpression('/\| all \(naive: every safe file\) +\| 48\.0 \(45\.0–50\.0\) .*\| \+20\.0% \(\+5\.0% … \+31\.0%\), faster +\| 3,324 classes, 24 functions +\| 35\.6 MB +\| 15\.0 MB +\| 0 \/ 400 +\| 79\.69 \(\+23%\)/', $markdown);
        self::assertMatchesRegularExpression('/\| trace \(optimised: one request\'s classes\) +\| — \(\/ differs from the baseline:\) /', $markdown);
        self::assertStringContainsString('<svg', $table->chart(self::notes()));
    }

    private static function ab(float $rps, ?float $p50 = null, ?float $max = null, int $failed = 0, int $non2xx = 0, ?int $idle = null, ?int $peak = null): Measurement
    {
        return (new Measurement('ab', 5000, 5000 / $rps, $rps, 100.0 * 1000 / $rps, null === $p50 ? [] : [50 => $p50], $max, $failed, $non2xx, 5000 * 200))
            ->withMemory(null === $idle ? null : $idle * 1048576, null === $peak ? null : $peak * 1048576);
    }

    private static function notes(): RunNotes
    {
        return new RunNotes(2, 4, 3, 4, 2, '8.2.36');
    }
}
