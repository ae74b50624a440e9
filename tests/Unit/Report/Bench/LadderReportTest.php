<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Bench\BenchResult;
use Preheat\Bench\Ladder\Ladder;
use Preheat\Bench\Load\Latency;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\RequestFailures;
use Preheat\Bench\Result\Environment;
use Preheat\Bench\Result\LoadTool;
use Preheat\Bench\Result\Machine;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\OpcacheSettings;
use Preheat\Bench\Result\PhpSetup;
use Preheat\Bench\Result\RoundPlan;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Result\ScenarioSetup;
use Preheat\Bench\Result\ServerReadings;
use Preheat\Bench\Statistics\ConfidenceInterval;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\Verdict;
use Preheat\Php\CachedScripts;
use Preheat\Php\OpcacheMemory;
use Preheat\Php\OpcachePreload;
use Preheat\Php\OpcacheStatus;
use Preheat\Report\Bench\BenchReport;
use Preheat\Report\Bench\BenchReportBuilder;
use Preheat\Report\Bench\ConsoleRenderer;
use Preheat\Report\Bench\LadderCells;
use Preheat\Report\Bench\LadderReport;
use Symfony\Component\Console\Helper\Helper;
use Symfony\Component\Console\Output\BufferedOutput;

/**
 * The ladder's report from a fixed, made-up run: each rung over the rung below and over the baseline,
 * the reference answering how much of the preload gain remains on top of the optimised autoloader;
 * golden files for markdown and JSON (PREHEAT_UPDATE_FIXTURES=1 rewrites them).
 */
final class LadderReportTest extends TestCase
{
    public function testEachRungIsComparedWithTheMeasuredRungBelowAndWithTheBaseline(): void
    {
        $ladder = $this->report()->ladder;
        self::assertNotNull($ladder);
        $rows = [];
        foreach ($ladder->rows as $row) {
            $rows[$row->rung->name()] = $row;
        }

        self::assertNull($rows['1-baseline']->below);
        self::assertSame('2-opcache-sizing', $rows['3-autoloader']->below);
        self::assertSame('4-preload-hot', $rows['5-preload-all']->below);
        self::assertSame(
            '2-opcache-sizing',
            $rows[Ladder::REFERENCE]->below,
            'the reference leaves the autoloader out: it is compared with the rung below the autoloader',
        );
        // Rung 3 over rung 2, round by round: 150/110, 160/112, 148/108, 155/111; the median of the four ratios is the
        // mean of the middle two.
        self::assertEqualsWithDelta(
            (148 / 108 + 155 / 111) / 2 - 1,
            (float) $rows['3-autoloader']->overBelow?->gain(),
            1e-9,
        );
        self::assertSame(Verdict::Faster, $rows['3-autoloader']->overBelow?->verdict());
        self::assertNull($rows['6-ceiling']->overBelow);
        self::assertSame(
            'not measured: no worker runtime in this version of Preheat (there are: fpm, mod_php)',
            $rows['6-ceiling']->row->skipped,
        );
        self::assertSame(
            'Composer\'s class loader given a classmap of 4,000 classes and made authoritative',
            $rows['3-autoloader']->ranWith,
            'the line shows what the rung adds, not every layer',
        );
    }

    public function testEachRungShowsTheReportsOwnRowOfItsScenario(): void
    {
        $report = $this->report();
        self::assertNotNull($report->ladder);

        foreach ($report->ladder->rows as $rung) {
            self::assertSame($report->row($rung->rung->name()), $rung->row, 'built once, for the table and the rung');
        }
    }

    public function testWithTheRungBetweenThemNotMeasuredPreloadAllOverTheAutoloaderIsItsGainOverTheRungBelow(): void
    {
        $ladder = $this->report(skipped: ['4-preload-hot'])->ladder;
        self::assertNotNull($ladder);
        $all = null;
        foreach ($ladder->rows as $row) {
            if (Ladder::PRELOAD_ALL === $row->rung->name()) {
                $all = $row;
            }
        }

        self::assertSame(Ladder::AUTOLOADER, $all?->below);
        self::assertNotNull($ladder->preloadOverClassmap);
        self::assertSame($all->overBelow, $ladder->preloadOverClassmap, 'paired once');
    }

    public function testThePreloadGainThatRemainsOnTopOfTheOptimisedAutoloader(): void
    {
        $ladder = $this->report()->ladder;
        self::assertNotNull($ladder);

        // Rung 5 over rung 3: 165/150, 176/160, 163/148, 171/155 (+10%); the reference over rung 2: 143/110, 146/112,
        // 140/108, 144/111 (+30%).
        self::assertEqualsWithDelta(0.1, (float) $ladder->preloadOverClassmap?->gain(), 0.01);
        self::assertEqualsWithDelta(0.3, (float) $ladder->preloadOverAppAutoloader?->gain(), 0.01);
        self::assertEqualsWithDelta(1 / 3, (float) $ladder->preloadGainRemaining, 0.04);
        self::assertStringContainsString(
            'of the preload gain remains once the autoloader is optimised',
            Written::text($this->report()),
        );
    }

    /**
     * Each preload rung is measured on both autoloaders: the hot reference is compared with the rung below the
     * autoloader, says which autoloader it ran on, and the share of the preload gain is still the all reference's.
     */
    public function testTheHotReferenceIsComparedWithTheRungBelowTheAutoloader(): void
    {
        $ladder = $this->report(hotReference: true)->ladder;
        self::assertNotNull($ladder);
        $rows = [];
        foreach ($ladder->rows as $row) {
            $rows[$row->rung->name()] = $row;
        }

        self::assertSame('2-opcache-sizing', $rows[Ladder::REFERENCE_HOT]->below);
        self::assertStringEndsWith('; on the app\'s own autoloader', $rows[Ladder::REFERENCE_HOT]->ranWith);
        self::assertStringEndsWith('; on Composer\'s class loader given a classmap of 4,000 classes and made authoritative', $rows['4-preload-hot']->ranWith);
        self::assertSame($rows[Ladder::REFERENCE]->overBelow, $ladder->preloadOverAppAutoloader, 'preloading everything, not hot');
        self::assertEqualsWithDelta(0.3, (float) $ladder->preloadOverAppAutoloader?->gain(), 0.01);
    }

    public function testMarkdownMatchesGoldenFile(): void
    {
        $this->assertGolden('ladder-report.md', Written::markdown($this->report()));
    }

    public function testJsonMatchesGoldenFile(): void
    {
        $json = Written::jsonDocument($this->report());
        $this->assertGolden('ladder-report.json', $json);

        $data = json_decode($json, true);
        self::assertSame([1, 2, 3, 4, 5, 6, 5], array_column($data['ladder']['rungs'], 'rung'));
        self::assertSame(
            ['preload' => 'none', 'opcache' => 'sized', 'autoload' => 'classmap', 'runtime' => null],
            $data['ladder']['rungs'][2]['layers'],
        );
        self::assertSame('faster', $data['ladder']['rungs'][2]['gainOverBelow']['verdict']);
    }

    public function testTheSummaryTellsEachRungOverTheRungBelow(): void
    {
        $markdown = Written::markdown($this->report());

        self::assertStringContainsString(
            "- 3-autoloader over 2-opcache-sizing: faster (req/s +38.3%, 95% CI +36.4% … +42.9%)\n",
            $markdown,
        );
        self::assertStringNotContainsString('vs 1-baseline:', $markdown);
        self::assertStringContainsString('![Requests per second, each rung over the rung below](chart.svg)', $markdown);
    }

    public function testNoShareOfThePreloadGainIsGivenWhenAGainIsNoMeasurableDifference(): void
    {
        $gain = static fn (float $ratio, float $low, float $high): PairedComparison => new PairedComparison(
            [1 => $ratio, 2 => $ratio, 3 => $ratio],
            $ratio,
            new ConfidenceInterval($low, $high, 0.95),
            [],
        );
        $noDifference = new LadderReport(Metric::CpuPerRequest, [], $gain(1.003, -0.004, 0.009), $gain(1.001, -0.002, 0.003));
        $both = new LadderReport(Metric::CpuPerRequest, [], $gain(1.10, 0.09, 0.11), $gain(1.30, 0.29, 0.31));

        self::assertSame(
            'On CPU per request, preloading everything gains no measurable difference (-0.2% … +0.3%) with the app\'s own '
            .'autoloader (the reference over rung 2) and no measurable difference (-0.4% … +0.9%) on top of the '
            .'optimised autoloader (rung 5 over rung 3).',
            LadderCells::preloadSummary($noDifference),
        );
        self::assertStringContainsString(
            ': 33% of the preload gain remains once the autoloader is optimised.',
            (string) LadderCells::preloadSummary($both),
        );
        // report.json's share too: never a ratio of two gains either of which may be none.
        $wide = new LadderReport(Metric::CpuPerRequest, [], $gain(1.14, -0.02, 0.30), $gain(1.10, -0.03, 0.25));
        self::assertNull($noDifference->preloadGainRemaining);
        self::assertNull($wide->preloadGainRemaining, 'not "140% of the preload gain remains"');
        self::assertEqualsWithDelta(0.1 / 0.3, (float) $both->preloadGainRemaining, 1e-9);
    }

    public function testTheChartShowsTheRungsInOrder(): void
    {
        $svg = Written::svg($this->report());
        $document = new \DOMDocument();

        self::assertTrue($document->loadXML($svg));
        self::assertStringContainsString('Preheat ladder', $svg);
        $positions = array_map(
            static fn (string $label): int|false => strpos($svg, '>'.$label.'<'),
            ['1 baseline', '2 opcache sizing', '3 autoloader', '4 preload hot', '5 preload all'],
        );
        self::assertNotContains(false, $positions);
        $sorted = $positions;
        sort($sorted);
        self::assertSame($sorted, $positions);
        self::assertStringNotContainsString('>6 ceiling<', $svg, 'a rung not measured has no bar');
    }

    public function testWithTheServersCpuMeasuredEveryGainIsOnCpuPerRequest(): void
    {
        // CPU per request by rung (ms), the same in every round; req/s as before, noisy.
        $report = $this->report(
            [
                '1-baseline' => 20.0,
                '2-opcache-sizing' => 18.0,
                '3-autoloader' => 14.0,
                '4-preload-hot' => 12.0,
                '5-preload-all' => 11.0,
                Ladder::REFERENCE => 13.0,
            ],
        );
        $ladder = $report->ladder;
        self::assertNotNull($ladder);
        self::assertSame(Metric::CpuPerRequest, $ladder->metric);
        $rows = [];
        foreach ($ladder->rows as $row) {
            $rows[$row->rung->name()] = $row;
        }

        self::assertEqualsWithDelta(
            18 / 14 - 1,
            (float) $rows['3-autoloader']->overBelow?->gain(),
            1e-9,
            'as many more requests as the same CPU serves',
        );
        self::assertEqualsWithDelta(20 / 14 - 1, (float) $rows['3-autoloader']->overBaseline?->gain(), 1e-9);
        self::assertEqualsWithDelta((14 / 11 - 1) / (18 / 13 - 1), (float) $ladder->preloadGainRemaining, 1e-9);
        $markdown = Written::markdown($report);
        self::assertStringContainsString(
            '| rung | req/s (min–max) | CPU per request (ms) | over the rung below, CPU per request (95% CI) | over '
            .'the baseline, CPU per request (95% CI) |',
            $markdown,
        );
        self::assertStringContainsString('On CPU per request, preloading everything gains', $markdown);
        self::assertSame('cpuPerRequest', Written::json($report)['ladder']['metric']);
        $svg = Written::svg($report);
        self::assertStringContainsString('CPU per request: each rung over the rung below', $svg);
        self::assertStringContainsString('faster: +28.6% over rung 2 (95% CI', $svg, 'each rung over the rung below');
        $this->assertGolden('ladder-chart.svg', $svg);
    }

    /** @return iterable<string, array{int}> */
    public static function terminalWidths(): iterable
    {
        foreach ([80, 120, 200] as $width) {
            yield $width.' columns' => [$width];
        }
    }

    /** The staircase of gains whole on any terminal: every rung's gain over the rung below, and its verdict. */
    #[DataProvider('terminalWidths')]
    public function testTheLadderFitsTheTerminal(int $width): void
    {
        $output = new BufferedOutput();
        (new ConsoleRenderer($width))->write($this->report(), $output);
        $text = $output->fetch();

        foreach (explode("\n", $text) as $line) {
            self::assertLessThanOrEqual($width, Helper::width($line), $line);
        }
        $table = implode(' ', array_filter(explode("\n", $text), static fn (string $l): bool => str_starts_with($l, '| ')));
        foreach (['+10.5%', '+38.3%', '(+36.4%', '+42.9%)', '+6.7%', '+3.1%', '+29.9%', 'faster', 'not measured'] as $shown) {
            self::assertStringContainsString($shown, $table);
        }
        self::assertStringContainsString('preload', $table, 'preload memory beside the gains');
    }

    /**
     * @param array<string, float> $cpuMs   CPU per request of each rung, when the server's CPU was measured
     * @param list<string>         $skipped rungs that did not apply
     */
    private function report(array $cpuMs = [], array $skipped = [], bool $hotReference = false): BenchReport
    {
        $rungs = [
            '1-baseline' => [[100.0, 101.0, 98.0, 100.0], 'the php.ini as it is; no preloading', []],
            '2-opcache-sizing' => [
                [110.0, 112.0, 108.0, 111.0],
                '',
                [
                    'opcache' => 'memory_consumption=128, interned_strings_buffer=16, max_accelerated_files=20000, '
                    .'validate_timestamps=0, realpath_cache_size=4M',
                ],
            ],
            '3-autoloader' => [
                [150.0, 160.0, 148.0, 155.0],
                '',
                ['autoload' => 'Composer\'s class loader given a classmap of 4,000 classes and made authoritative'],
            ],
            '4-preload-hot' => [
                [160.0, 170.0, 158.0, 166.0],
                '',
                [
                    'autoload' => 'Composer\'s class loader given a classmap of 4,000 classes and made authoritative',
                    'preload' => 'generate --strategy=hot: 500 files, 520 classes',
                ],
            ],
            '5-preload-all' => [
                [165.0, 176.0, 163.0, 171.0],
                '',
                [
                    'autoload' => 'Composer\'s class loader given a classmap of 4,000 classes and made authoritative',
                    'preload' => 'generate --strategy=paths: 3000 files, 3300 classes',
                ],
            ],
            ...($hotReference ? [Ladder::REFERENCE_HOT => [
                [139.0, 141.0, 136.0, 140.0],
                '',
                ['preload' => 'generate --strategy=hot: 500 files, 520 classes'],
            ]] : []),
            Ladder::REFERENCE => [
                [143.0, 146.0, 140.0, 144.0],
                '',
                ['preload' => 'generate --strategy=paths: 3000 files, 3300 classes'],
            ],
        ];
        $records = [];
        $index = 0;
        foreach ($rungs as $name => [$rps, $preparation, $layers]) {
            $runs = [];
            foreach ($rps as $offset => $value) {
                $requests = (int) ($value * 10);
                $runs[$offset + 1] = new LoadResult(
                    tool: 'wrk',
                    requests: $requests,
                    seconds: 10.0,
                    latency: new Latency(
                        meanMs: 30.0,
                        p50Ms: 28.0,
                        p90Ms: 40.0,
                        p99Ms: 80.0,
                    ),
                    failures: new RequestFailures(),
                    toolCpuSeconds: 2.0,
                    concurrency: 4,
                    phpCpuSeconds: isset($cpuMs[$name]) ? $cpuMs[$name] * $requests / 1000 : null,
                );
            }
            if (\in_array($name, $skipped, true)) {
                $records[] = new ScenarioRecord(name: $name, setup: new ScenarioSetup(spec: 'hot', preloadScript: null), skipped: 'not measured: does not apply');
                ++$index;
                continue;
            }
            $records[] = new ScenarioRecord(
                name: $name,
                setup: new ScenarioSetup(
                    spec: str_contains($name, 'all') ? 'all' : (str_contains($name, 'hot') ? 'hot' : 'none'),
                    preloadScript: null,
                    preparation: '' === $preparation ? implode('; ', $layers) : $preparation,
                    layers: $layers,
                ),
                runs: $runs,
                server: new ServerReadings(
                    fpmStartSeconds: 0.05 + $index * 0.1,
                    opcacheStatus: new OpcacheStatus(
                        php: '8.2.0',
                        user: null,
                        enabled: true,
                        preload: new OpcachePreload(memoryBytes: 1048576 * $index, classes: 100 * $index),
                        memory: new OpcacheMemory(usedBytes: (40 + 4 * $index) * 1048576),
                        scripts: new CachedScripts(),
                    ),
                    workerPss: [10 * 1048576, (10 + $index) * 1048576],
                ),
            );
            ++$index;
        }
        array_splice(
            $records,
            5,
            0,
            [
                new ScenarioRecord(
                    name: '6-ceiling',
                    setup: new ScenarioSetup(spec: 'none', preloadScript: null),
                    skipped: 'not measured: no worker runtime in this version of Preheat (there are: fpm, mod_php)',
                ),
            ],
        );

        return (new BenchReportBuilder())->build(new BenchResult($records, '1-baseline', new Environment(
            phpSetup: new PhpSetup(
                version: '8.2.0',
                opcache: new OpcacheSettings(memoryConsumption: '128M', validateTimestamps: '1', jit: 'off'),
            ),
            machine: new Machine(
                cores: 2,
            ),
            workers: '2 (pm = static)',
            loadTool: new LoadTool(
                name: 'wrk',
                settings: 'wrk -t 1 -c 4 -d 10s (closed loop, keep-alive)',
            ),
            roundPlan: new RoundPlan(
                rounds: 4,
                duration: 10.0,
                warmup: 3.0,
            ),
            urls: ['/'],
        ), ['/'], 4, ladder: Ladder::standard()));
    }

    private function assertGolden(string $name, string $actual): void
    {
        $file = __DIR__.'/../../../Fixtures/golden/'.$name;
        if ('1' === getenv('PREHEAT_UPDATE_FIXTURES')) {
            file_put_contents($file, $actual);
        }
        self::assertStringEqualsFile($file, $actual);
    }
}
