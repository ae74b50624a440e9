<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Bench\BenchResult;
use Preheat\Bench\Load\Latency;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\RequestFailures;
use Preheat\Bench\Load\Schedule;
use Preheat\Bench\Result\Environment;
use Preheat\Bench\Result\LoadTool;
use Preheat\Bench\Result\Machine;
use Preheat\Bench\Result\MachineLoad;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\OpcacheSettings;
use Preheat\Bench\Result\PhpSetup;
use Preheat\Bench\Result\RoundPlan;
use Preheat\Bench\Result\RunConditions;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Result\ScenarioSetup;
use Preheat\Bench\Result\ServerReadings;
use Preheat\Bench\Result\StartupWarnings;
use Preheat\Bench\Rounds\RoundsOutcome;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Rounds\StopReason;
use Preheat\Bench\Statistics\Verdict;
use Preheat\Php\CachedScripts;
use Preheat\Php\OpcacheMemory;
use Preheat\Php\OpcachePreload;
use Preheat\Php\OpcacheStatus;
use Preheat\Report\Bench\BenchReportBuilder;
use Preheat\Report\Bench\ConsoleRenderer;
use Preheat\Report\Bench\NoteCells;
use Preheat\Report\Bench\Provenance;
use Preheat\Report\Bench\Recommendation;
use Symfony\Component\Console\Helper\Helper;
use Symfony\Component\Console\Output\BufferedOutput;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * Reports from a fixed, made-up result: golden files for markdown and JSON
 * (PREHEAT_UPDATE_FIXTURES=1 rewrites them), and the numbers checked by hand.
 */
final class BenchReportTest extends TestCase
{
    public function testStatisticsOverRounds(): void
    {
        $report = (new BenchReportBuilder())->build($this->sampleResult());
        [$none, $all, $broken] = $report->rows;

        self::assertSame(100.0, $none->throughput->requestsPerSecond?->median);
        self::assertSame(95.0, $none->throughput->requestsPerSecond->min);
        self::assertSame(2.0, $none->throughput->requestsPerSecond->mad, 'deviations 5, 2, 0, 3, 1: median 2');
        self::assertNull($none->throughput->comparison);
        self::assertSame(120.5, $all->throughput->requestsPerSecond?->median, 'valid rounds 118, 121, 120, 125');
        // Paired ratios of rounds 1, 2, 4, 5: 118/95, 121/102, 120/103, 125/99; median (121/102 + 118/95) / 2.
        self::assertEqualsWithDelta((121 / 102 + 118 / 95) / 2 - 1, (float) $all->gain(), 1e-9);
        self::assertNotNull($all->throughput->comparison?->interval);
        self::assertTrue($all->throughput->comparison->interval->contains((float) $all->gain()));
        self::assertSame(Verdict::Faster, $all->throughput->comparison->verdict());
        self::assertEqualsWithDelta(
            40.0 / ((121 / 102 + 118 / 95) / 2),
            (float) $all->throughput->headlineTimePerRequestMs,
            1e-9,
            'the baseline time over the same paired ratio',
        );
        self::assertSame(4, $all->throughput->requestsPerSecond->count, 'the void round is left out');
        self::assertSame([3 => '2 non-2xx, 0 socket errors, 0 timeouts'], $all->voidRuns());
        self::assertSame(1200, $all->preload->classes);
        self::assertFalse($broken->isMeasured());

        // CPU per request, paired as baseline ÷ scenario over rounds 1, 2, 4, 5: 5.0/4.0, 5.1/4.1, 5.0/3.9, 5.2/4.0;
        // median (5.0/4.0 + 5.0/3.9) / 2.
        $cpu = $all->metric(Metric::CpuPerRequest);
        self::assertNotNull($cpu?->comparison);
        self::assertEqualsWithDelta((5.0 / 4.0 + 5.0 / 3.9) / 2 - 1, $cpu->comparison->gain(), 1e-9);
        self::assertSame(Verdict::Faster, $cpu->comparison->verdict());
        self::assertEqualsWithDelta(
            5.0 / ((5.0 / 4.0 + 5.0 / 3.9) / 2),
            (float) $cpu->headline,
            1e-9,
            "the baseline's median CPU per request over the same paired ratio",
        );
        self::assertSame(5.0, $none->metric(Metric::CpuPerRequest)?->headline);
        self::assertSame(Metric::CpuPerRequest, $report->primary->metric);
    }

    /** @return iterable<string, array{int}> */
    public static function terminalWidths(): iterable
    {
        foreach ([80, 120, 200] as $width) {
            yield $width.' columns' => [$width];
        }
    }

    /**
     * On a terminal of that width no line is longer, and every scenario keeps its gain (every number of it) and its
     * verdict, the one that was not measured its reason.
     */
    #[DataProvider('terminalWidths')]
    public function testTheConsoleReportFitsTheTerminal(int $width): void
    {
        $output = new BufferedOutput();
        (new ConsoleRenderer($width))->write((new BenchReportBuilder())->build($this->sampleResult()), $output);
        $text = $output->fetch();

        foreach (explode("\n", $text) as $line) {
            self::assertLessThanOrEqual($width, Helper::width($line), $line);
        }
        $table = implode("\n", array_filter(explode("\n", $text), static fn (string $l): bool => str_starts_with($l, '| ')));
        foreach (['+26.6%', '(+24.4%', '+30.0%)', 'faster', 'measured:', 'none', 'all', 'broken'] as $shown) {
            self::assertStringContainsString($shown, $table, 'the primary gain and verdict of each scenario');
        }
        self::assertSame(80 !== $width, str_contains($table, '+21.4%'), 'req/s, not primary, is left out at 80');
    }

    public function testOnATerminalTheVerdictsAreInColour(): void
    {
        $report = (new BenchReportBuilder())->build($this->sampleResult());
        $output = new BufferedOutput(OutputInterface::VERBOSITY_NORMAL, true);
        (new ConsoleRenderer())->write($report, $output);
        $coloured = $output->fetch();

        self::assertStringContainsString("all vs none: \e[32;1mfaster\e[39;22m (CPU per request", $coloured);
        self::assertMatchesRegularExpression('/^\| all .*\| \e\[32;1mfaster\e\[39;22m +\|/m', $coloured, 'the verdict cell');
        self::assertSame(
            Written::text($report),
            preg_replace('/\e\[[\d;]*m/', '', $coloured),
            'the same text, the table as wide',
        );
        self::assertStringNotContainsString("\e[", Written::text($report), 'no colour without a terminal');
    }

    public function testTheConsoleReportFitsColumnsAndAFileOrPipeGetsWholeLines(): void
    {
        $report = (new BenchReportBuilder())->build($this->sampleResult());
        $whole = Written::text($report);
        $_ENV['COLUMNS'] = '80';
        try {
            $fitted = Written::text($report);
        } finally {
            $_ENV['COLUMNS'] = '';
        }

        self::assertGreaterThan(200, max(array_map(Helper::width(...), explode("\n", $whole))), 'no limit without COLUMNS');
        self::assertSame(80, max(array_map(Helper::width(...), explode("\n", $fitted))));
        self::assertStringContainsString('Left out to fit 80 columns: PHP start, p50 / p99,', $fitted);
    }

    public function testMarkdownMatchesGoldenFile(): void
    {
        $this->assertGolden(
            'bench-report.md',
            Written::markdown((new BenchReportBuilder())->build($this->sampleResult())),
        );
    }

    public function testJsonMatchesGoldenFile(): void
    {
        $json = Written::jsonDocument((new BenchReportBuilder())->build($this->sampleResult()));
        $this->assertGolden('bench-report.json', $json);

        $data = json_decode($json, true);
        self::assertSame(4, $data['version']);
        self::assertSame('cpuPerRequest', $data['primaryMetric']['metric']);
        self::assertSame('faster', $data['scenarios'][1]['gain']['verdict']);
        self::assertSame(
            [
                'metric' => 'cpuPerRequest',
                'median' => 0.26603,
                'ciLow' => 0.2439,
                'ciHigh' => 0.3,
                'noInterval' => null,
                'halfWidthPoints' => 2.805,
                'precisionMet' => false,
                'verdict' => 'faster',
            ],
            $data['scenarios'][1]['headline'],
        );
        self::assertSame(['requestsPerSecond', 'cpuPerRequest'], array_keys($data['scenarios'][1]['gains']));
        self::assertNull($data['scenarios'][0]['headline'], 'the baseline');
        self::assertSame(
            [
                'name',
                'spec',
                'preparation',
                'measured',
                'problems',
                'skipped',
                'requestsPerSecond',
                'timePerRequestMs',
                'gain',
                'cpuPerRequestMs',
                'instructionsPerRequest',
                'headline',
                'gains',
                'latencyMs',
                'preload',
                'startupWarnings',
                'opcacheUsedBytes',
                'workerPssBytes',
                'workers',
                'fpmStartSeconds',
                'toolCpuShare',
                'runs',
            ],
            array_keys($data['scenarios'][0]),
        );
        self::assertCount(5, $data['scenarios'][1]['runs'], 'every run is kept, void ones too');
        self::assertSame(
            [
                'wallSeconds' => 10,
                'stealShare' => 0.005,
                'otherLoadShare' => 0.1,
                'serverCpuSeconds' => 12,
                'loadAverage' => 1.5,
                'neighbourCpuSeconds' => 0,
            ],
            $data['scenarios'][1]['runs'][0]['machine'],
        );
        self::assertEquals(4.0, $data['scenarios'][1]['runs'][0]['cpuPerRequestMs'], '1180 requests, 4.72 CPU seconds');
        self::assertFalse($data['scenarios'][1]['runs'][2]['valid']);
    }

    public function testStartUpWarningsAreCountedForEveryScenarioInEveryFormat(): void
    {
        $result = $this->sampleResult();
        [$none, $all] = $result->scenarios;
        $naive = new ScenarioRecord(
            name: 'naive',
            setup: new ScenarioSetup(
                spec: 'naive',
                preloadScript: '/tmp/naive-preload.php',
                preparation: 'naive: every scanned file compiled (900 files), run as it is (not fixed)',
            ),
            runs: $all->runs,
            server: new ServerReadings(
                fpmStartSeconds: 0.9,
                opcacheStatus: $all->server->opcacheStatus,
                workerPss: $all->server->workerPss,
                warnings: new StartupWarnings(82, 80, [
                    'Can\'t preload unlinked class App\\Tests\\Case: Unknown parent PHPUnit\\Framework\\TestCase',
                ]),
            ),
        );
        $notStarted = new ScenarioRecord(name: 'later', setup: new ScenarioSetup(spec: 'paths', preloadScript: null), problems: ['php-fpm did not start']);
        $report = (new BenchReportBuilder())->build(
            new BenchResult([$none, $all, $naive, $notStarted], 'none', $result->environment, ['/'], 5),
        );

        $markdown = Written::markdown($report);
        self::assertStringContainsString('| p50 / p99 | start-up warnings | preloaded classes |', $markdown);
        self::assertMatchesRegularExpression('/\\| all \\|.*\\| 0 \\| 1,200 \\|/', $markdown);
        self::assertMatchesRegularExpression(
            '/\\| naive \\|.*\\| 82 \\(80 classes refused\\) \\| 1,120 \\|/',
            $markdown,
            'OPcache lists the classes it refused too: they are not preloaded',
        );
        $note = 'naive: 82 warnings logged at start-up (at every start; counted, not fixed), first: Can\'t preload '
            .'unlinked class App\\Tests\\Case: Unknown parent PHPUnit\\Framework\\TestCase';
        self::assertStringContainsString('- '.$note, $markdown);
        $text = Written::text($report);
        self::assertStringContainsString('* '.$note, $text);
        self::assertMatchesRegularExpression('/\\| naive +\\|.*\\| 82 \\(80 classes refused\\) +\\|/', $text);
        self::assertStringNotContainsString('all: 0 warnings', $text, 'no note for a clean start');

        $scenarios = Written::json($report)['scenarios'];
        self::assertSame(['count' => 0, 'refusedClasses' => 0, 'examples' => []], $scenarios[1]['startupWarnings']);
        self::assertSame(82, $scenarios[2]['startupWarnings']['count']);
        self::assertSame(80, $scenarios[2]['startupWarnings']['refusedClasses']);
        self::assertSame(1120, $scenarios[2]['preload']['classes']);
        self::assertSame(1200, $scenarios[1]['preload']['classes']);
        self::assertCount(1, $scenarios[2]['startupWarnings']['examples']);
        self::assertNull($scenarios[3]['startupWarnings'], 'a server that never started logged nothing to count');
    }

    public function testTwoRoundsGiveNoIntervalAndSayWhyInEveryFormat(): void
    {
        $report = (new BenchReportBuilder())->build($this->twoScenarios([95.0, 102.0], [118.0, 121.0]));
        $reason = 'all vs none: 2 rounds: too few for an interval; use --rounds=3 or more';

        self::assertNull($report->rows[1]->throughput->comparison?->interval);
        $markdown = Written::markdown($report);
        self::assertStringContainsString('| +21.4% (no interval) | no verdict (2 rounds) |', $markdown);
        self::assertStringContainsString('- '.$reason, $markdown);
        self::assertStringContainsString('* '.$reason, Written::text($report));
        $gain = Written::json($report)['scenarios'][1]['gain'];
        self::assertNull($gain['ciLow']);
        self::assertNull($gain['verdict']);
        self::assertSame('2 rounds: too few for an interval; use --rounds=3 or more', $gain['noInterval']);
    }

    public function testOutlierRoundsAreSummedUpInOneLineWithTheirDetailsInJson(): void
    {
        // Ratios 1.20, 1.21, 1.19, 1.20, 1.80 by round: median 1.20, MAD 0.01; round 5 scores 60.
        $report = (new BenchReportBuilder())->build(
            $this->twoScenarios([100.0, 100.0, 100.0, 100.0, 100.0], [120.0, 121.0, 119.0, 120.0, 180.0]),
        );

        self::assertSame(5, $report->rows[1]->throughput->comparison?->rounds());
        self::assertStringContainsString(
            '- Outlier rounds (paired ratio further than 3.5 MADs from the median; kept in the statistics, each listed '
            .'in report.json): all 1 on req/s.',
            Written::markdown($report),
        );
        self::assertStringNotContainsString('round 5 is an outlier', Written::markdown($report));
        self::assertSame([5], Written::json($report)['scenarios'][1]['gain']['outlierRounds']);
    }

    public function testOneLineRecommendsTheFasterScenarioWithTheLeastMemoryAmongThoseAsFastAsTheBest(): void
    {
        // hot and all gain alike (their intervals meet), hot preloads 12 MB and starts in 0.35 s, all 24 MB and
        // 0.65 s; some gains measurably less, slow loses.
        $none = [100.0, 101.0, 99.0, 100.0, 100.0];
        $result = new BenchResult([
            $this->measured(0, 'none', 'none', null, 'no preloading', $none),
            $this->measured(2, 'all', 'all', '/tmp/all.php', 'all', [121.0, 121.0, 119.0, 120.0, 121.0]),
            $this->measured(1, 'hot', 'hot', '/tmp/hot.php', 'hot', [120.0, 121.5, 118.5, 120.5, 119.5]),
            $this->measured(0, 'some', 'some', '/tmp/some.php', 'some', [105.0, 106.0, 104.0, 105.0, 105.0]),
            $this->measured(0, 'slow', 'slow', '/tmp/slow.php', 'slow', [90.0, 91.0, 89.0, 90.0, 90.0]),
        ], 'none', new Environment(
            phpSetup: new PhpSetup(
                version: '8.2.0',
                opcache: new OpcacheSettings(),
            ),
            machine: new Machine(
                cores: 2,
            ),
            workers: '2 (pm = static)',
            loadTool: new LoadTool(
                name: 'wrk',
                settings: 'wrk',
            ),
            roundPlan: new RoundPlan(
                rounds: 5,
                duration: 10.0,
                warmup: 3.0,
            ),
            urls: ['/'],
        ), ['/'], 5);

        $line = Recommendation::of((new BenchReportBuilder())->build($result))->line;

        self::assertMatchesRegularExpression(
            '/^Use hot: \\+20\\.\\d% req\\/s \\(95% CI \\+\\S+ … \\+\\S+\\) vs none, same as all within the interval, at '
            .'12\\.0 MB instead of 24\\.0 MB of preload memory and 0\\.35 s instead of 0\\.65 s start-up, 0 start-up warnings\\.$/',
            $line,
        );
    }

    /** Two as good with the same memory and start-up: no saving to name, never "24.0 MB instead of 24.0 MB". */
    public function testTheRecommendationNamesNoSavingThatIsNone(): void
    {
        $result = new BenchResult([
            $this->measured(0, 'none', 'none', null, 'no preloading', [100.0, 101.0, 99.0, 100.0, 100.0]),
            $this->measured(2, 'all', 'all', '/tmp/all.php', 'all', [121.0, 121.0, 119.0, 120.0, 121.0]),
            $this->measured(2, 'all-app', 'all', '/tmp/all-app.php', 'all', [120.0, 121.5, 118.5, 120.5, 119.5]),
        ], 'none', new Environment(
            phpSetup: new PhpSetup(
                version: '8.2.0',
                opcache: new OpcacheSettings(),
            ),
            machine: new Machine(
                cores: 2,
            ),
            workers: '2 (pm = static)',
            loadTool: new LoadTool(
                name: 'wrk',
                settings: 'wrk',
            ),
            roundPlan: new RoundPlan(
                rounds: 5,
                duration: 10.0,
                warmup: 3.0,
            ),
            urls: ['/'],
        ), ['/'], 5);

        $line = Recommendation::of((new BenchReportBuilder())->build($result))->line;

        self::assertMatchesRegularExpression('/^Use all(-app)?: .* same as all(-app)? within the interval, 0 start-up warnings\\.$/', $line);
        self::assertStringNotContainsString('instead of', $line);
    }

    public function testTheRecommendationIsInEveryFormat(): void
    {
        $result = $this->sampleResult();
        $report = (new BenchReportBuilder())->build($result);
        $recommendation = Recommendation::of($report);

        self::assertSame('all', $recommendation->scenario);
        self::assertStringStartsWith('Use all: +26.6% CPU per request (95% CI +24.4% … +30.0%) vs none', $recommendation->line);
        self::assertStringContainsString('**'.$recommendation->line.'**', Written::markdown($report));
        self::assertStringContainsString($recommendation->line, Written::text($report));
        self::assertSame(
            ['scenario' => 'all', 'line' => $recommendation->line],
            Written::json($report)['recommendation'],
        );
        $same = (new BenchReportBuilder())->build(
            $this->twoScenarios([100.0, 101.0, 99.0, 100.0], [101.0, 99.0, 100.0, 99.0]),
        );
        self::assertSame('Keep none: no scenario is measurably faster on req/s.', Recommendation::of($same)->line);
    }

    public function testNoPercentageIsGivenForAGainWhoseIntervalHoldsZero(): void
    {
        $same = Written::markdown((new BenchReportBuilder())->build(
            $this->twoScenarios([100.0, 101.0, 99.0, 100.0], [101.0, 99.0, 100.0, 99.0]),
        ));

        self::assertMatchesRegularExpression('/- all vs none: no measurable difference \\(req\/s, 95% CI [^)]*\\)/', $same);
        self::assertDoesNotMatchRegularExpression('/no measurable difference \\(req\/s [+-]/', $same);
    }

    public function testProvenanceOpensReportMdAndReportJsonAndTheChartIsEmbedded(): void
    {
        $report = (new BenchReportBuilder())->build(
            $this->sampleResult(),
            new Provenance('2026-11-25T20:00:00Z', '0.1.0', '8.2.36', '8.2.36', 'abc123def456', 'AMD EPYC', 2, 'Linux 6.1.0'),
        );
        $markdown = Written::markdown($report);
        $lines = explode("\n", $markdown);

        self::assertSame(
            'Run 2026-11-25T20:00:00Z by Preheat 0.1.0 · PHP 8.2.36, OPcache 8.2.36 · app at abc123def456 · AMD EPYC, '
            .'2 cores, Linux 6.1.0',
            $lines[2],
        );
        self::assertStringContainsString("\n![CPU per request, each scenario vs none](chart.svg)\n", $markdown);
        $json = Written::json($report);
        self::assertSame(['version', 'provenance', 'recommendation'], \array_slice(array_keys($json), 0, 3));
        self::assertSame([
            'time' => '2026-11-25T20:00:00Z',
            'preheat' => '0.1.0',
            'php' => '8.2.36',
            'opcache' => '8.2.36',
            'appRevision' => 'abc123def456',
            'machine' => ['cpuModel' => 'AMD EPYC', 'cores' => 2, 'kernel' => 'Linux 6.1.0'],
        ], $json['provenance']);
    }

    public function testEveryFormatGivesTheVerdictInWords(): void
    {
        $slower = (new BenchReportBuilder())->build(
            $this->twoScenarios([100.0, 101.0, 99.0, 100.0], [90.0, 91.0, 88.0, 90.0]),
        );
        $same = (new BenchReportBuilder())->build(
            $this->twoScenarios([100.0, 101.0, 99.0, 100.0], [101.0, 99.0, 100.0, 99.0]),
        );

        self::assertStringContainsString('| slower |', Written::markdown($slower));
        self::assertStringContainsString(' slower ', Written::text($slower));
        self::assertSame('slower', Written::json($slower)['scenarios'][1]['gain']['verdict']);
        self::assertStringContainsString('| no measurable difference |', Written::markdown($same));
        self::assertStringContainsString(' no measurable difference ', Written::text($same));
        self::assertSame('no measurable difference', Written::json($same)['scenarios'][1]['gain']['verdict']);
    }

    public function testWhenTheTimeRanOutWithEveryGainWithinTheTargetNoGainIsListedAsMissingIt(): void
    {
        // The sample's gain is ±2.8 points: within a target of ±5 when the time limit stopped the rounds.
        $sample = $this->sampleResult();
        $result = new BenchResult(
            $sample->scenarios,
            $sample->baseline,
            $sample->environment,
            $sample->urls,
            $sample->rounds,
            new RoundsOutcome(new StoppingRule(5, 5.0, 60.0), 5, 52.5, StopReason::TimeLimit, Metric::CpuPerRequest),
        );

        $markdown = Written::markdown((new BenchReportBuilder())->build($result));

        self::assertStringContainsString(
            '| stopped | time limit: after 52.5 s of measuring another round would not have fit in 1 min |',
            $markdown,
        );
        self::assertStringNotContainsString('not within', $markdown);
    }

    public function testTheReportSaysWhenTheTimeRanOutBeforeTheTargetInEveryFormat(): void
    {
        // The sample: 5 rounds; the primary figure, CPU per request, +26.6 % (+24.4 … +30.0 %), ±2.8 points
        // against a target of ±2 (req/s: ±4.9), stopped by the time limit.
        $report = (new BenchReportBuilder())->build($this->sampleResult());
        $stopped = 'time limit: after 52.5 s of measuring another round would not have fit in 1 min; not within ±2 '
            .'points: all (±2.8)';

        $markdown = Written::markdown($report);
        self::assertStringContainsString('| precision of CPU (target ±2) |', $markdown);
        self::assertStringContainsString('| faster | ±2.8 points, not reached |', $markdown);
        self::assertStringContainsString(
            '| rounds | 5 (at least 5; more until every gain is within ±2 points, while they fit in 1 min), '
            .'interleaved',
            $markdown,
        );
        self::assertStringContainsString('| stopped | '.$stopped.' |', $markdown);
        self::assertStringContainsString('- Precision target ±2 points not reached in 1 min by all (±2.8)', $markdown);
        $console = Written::text($report);
        self::assertStringContainsString(' ±2.8 points, not reached ', $console);
        self::assertStringContainsString($stopped, $console);
        $json = Written::json($report);
        self::assertSame(
            [
                'minRounds' => 5,
                'precisionPoints' => 2,
                'maxSeconds' => 60,
                'metric' => 'CPU per request',
                'rounds' => 5,
                'measuredSeconds' => 52.5,
                'reason' => 'time-limit',
                'summary' => $stopped,
            ],
            $json['stopping'],
        );
        self::assertSame(4.879, $json['scenarios'][1]['gain']['halfWidthPoints'], 'the req/s gain keeps its own');
        self::assertFalse($json['scenarios'][1]['gain']['precisionMet']);
        self::assertSame(2.805, $json['scenarios'][1]['headline']['halfWidthPoints']);
        self::assertFalse($json['scenarios'][1]['headline']['precisionMet']);
        self::assertNull($json['scenarios'][0]['gain'], 'the baseline has no gain');
    }

    public function testTheReportSaysWhenEveryGainReachedTheTarget(): void
    {
        $result = $this->twoScenarios([100.0, 101.0, 99.0, 100.0, 100.0], [130.0, 131.0, 129.0, 130.0, 130.5]);
        $result = new BenchResult(
            $result->scenarios,
            $result->baseline,
            $result->environment,
            $result->urls,
            5,
            new RoundsOutcome(
                new StoppingRule(3, 2.0, 240.0),
                5,
                41.0,
                StopReason::PrecisionReached,
                Metric::RequestsPerSecond,
            ),
        );
        $report = (new BenchReportBuilder())->build($result);
        $stopped = 'every gain (req/s) within ±2 points after 41 s of measuring';

        $markdown = Written::markdown($report);
        self::assertMatchesRegularExpression('/\| faster \| ±[01]\.\d points, reached \|/', $markdown);
        self::assertStringContainsString('| stopped | '.$stopped.' |', $markdown);
        self::assertStringNotContainsString('not reached', $markdown);
        self::assertStringContainsString($stopped, Written::text($report));
        $json = Written::json($report);
        self::assertSame('precision-reached', $json['stopping']['reason']);
        self::assertTrue($json['scenarios'][1]['gain']['precisionMet']);
    }

    public function testAFixedNumberOfRoundsIsSaidSo(): void
    {
        $result = $this->twoScenarios([100.0, 101.0, 99.0], [130.0, 110.0, 150.0]);
        $result = new BenchResult(
            $result->scenarios,
            $result->baseline,
            $result->environment,
            $result->urls,
            3,
            new RoundsOutcome(new StoppingRule(3, 2.0, 0.0), 3, 30.0, StopReason::TimeLimit, Metric::RequestsPerSecond),
        );

        $markdown = Written::markdown((new BenchReportBuilder())->build($result));

        self::assertStringContainsString('| rounds | 3 (3 planned, no time limit for more), interleaved', $markdown);
        self::assertMatchesRegularExpression(
            '/\| stopped \| the 3 planned rounds, 30 s of measuring, no time limit for more \(--max-time=0\); not '
            .'within ±2 points: all \(±\d+\.\d\) \|/',
            $markdown,
        );
        self::assertStringNotContainsString(
            'Precision target',
            $markdown,
            'fixed rounds were asked for: no advice to allow more time',
        );
    }

    public function testTwoRoundsSayWhyThereIsNoIntervalOnTheHeadlineToo(): void
    {
        $json = Written::json((new BenchReportBuilder())->build($this->twoScenarios([95.0, 102.0], [118.0, 121.0])));

        self::assertNull($json['scenarios'][1]['headline']['verdict']);
        self::assertSame(
            '2 rounds: too few for an interval; use --rounds=3 or more',
            $json['scenarios'][1]['headline']['noInterval'],
        );
    }

    /**
     * @param list<float> $none req/s by round
     * @param list<float> $all  req/s by round
     */
    private function twoScenarios(array $none, array $all, string $schedule = 'turns'): BenchResult
    {
        return new BenchResult([
            $this->measured(0, 'none', 'none', null, 'no preloading', $none),
            $this->measured(1, 'all', 'all', '/tmp/preload.php', 'all', $all),
        ], 'none', new Environment(
            phpSetup: new PhpSetup(
                version: '8.2.0',
                opcache: new OpcacheSettings(),
            ),
            machine: new Machine(
                cores: 2,
            ),
            workers: '2 (pm = static)',
            loadTool: new LoadTool(
                name: 'wrk',
                settings: 'wrk',
            ),
            roundPlan: new RoundPlan(
                rounds: \count($none),
                duration: 10.0,
                warmup: 3.0,
                schedule: Schedule::from($schedule),
            ),
            urls: ['/'],
        ), ['/'], \count($none));
    }

    /**
     * The builder judges which verdicts two identical servers could explain; the notes only say so. Over
     * restarts the interval covers how servers started anew differ: no doubt then.
     */
    public function testTheBuilderJudgesWhichVerdictsTheServerInstancesMayExplain(): void
    {
        $none = [100.0, 102.0, 98.0, 100.0, 101.0, 99.0];
        $builder = new BenchReportBuilder();

        self::assertSame(['all' => true], $builder->build(
            $this->twoScenarios($none, array_map(static fn (float $rps): float => $rps * 1.005, $none)),
        )->withinInstanceSpread);
        self::assertSame([], $builder->build(
            $this->twoScenarios($none, array_map(static fn (float $rps): float => $rps * 1.05, $none)),
        )->withinInstanceSpread, 'a gain of 5% is not in doubt');
        self::assertSame([], $builder->build(
            $this->twoScenarios($none, [101.0, 101.0, 97.0, 100.0, 101.0, 100.0]),
        )->withinInstanceSpread, 'no verdict to doubt');
        self::assertSame(0.01, BenchReportBuilder::SERVER_INSTANCE_SPREAD);
    }

    public function testAVerdictOnAGainSmallerThanIdenticalServersDifferByIsFlagged(): void
    {
        $none = [100.0, 102.0, 98.0, 100.0, 101.0, 99.0];
        $small = (new BenchReportBuilder())->build(
            $this->twoScenarios($none, array_map(static fn (float $rps): float => $rps * 1.005, $none)),
        );
        $large = (new BenchReportBuilder())->build(
            $this->twoScenarios($none, array_map(static fn (float $rps): float => $rps * 1.05, $none)),
        );
        $same = (new BenchReportBuilder())->build(
            $this->twoScenarios($none, [101.0, 101.0, 97.0, 100.0, 101.0, 100.0]),
        );

        self::assertSame('faster', $small->rows[1]->throughput->comparison?->verdict()?->value);
        $flagged = array_values(
            array_filter(
                NoteCells::notes($small),
                static fn (string $note): bool => str_contains($note, 'identical servers'),
            ),
        );
        self::assertCount(1, $flagged);
        self::assertMatchesRegularExpression(
            '/^all vs none: \+0\.\d% is within what two identical servers differ by \(up to about 1% in A\/A runs of '
            .'the demo, bench\/aa\.sh: each server started anew runs a little faster or slower, and stays so until '
            .'restarted\); the verdict may be the server instances, not what the scenarios change \(--restart-every '
            .'takes the interval over restarts\)\.$/',
            $flagged[0],
        );
        self::assertSame(
            [],
            array_filter(
                NoteCells::notes($large),
                static fn (string $note): bool => str_contains($note, 'identical servers'),
            ),
            'a gain of 5% is not in doubt',
        );
        self::assertSame(
            [],
            array_filter(
                NoteCells::notes($same),
                static fn (string $note): bool => str_contains($note, 'identical servers'),
            ),
            'no verdict to doubt',
        );
    }

    public function testScenariosLoadedTogetherAreSaidToHaveSharedTheMachineInEveryFormat(): void
    {
        $together = (new BenchReportBuilder())->build(
            $this->twoScenarios([100.0, 101.0, 99.0], [110.0, 111.0, 109.0], 'together'),
        );
        $turns = (new BenchReportBuilder())->build($this->twoScenarios([100.0, 101.0, 99.0], [110.0, 111.0, 109.0]));
        $note = 'The 2 scenarios were loaded at the same time in each round, so that what the machine does (other '
            .'virtual machines, the clock speed) weighs on all of them alike: CPU per request and the gains compare '
            .'like with like, but req/s and time per request are what each server got while sharing the machine with '
            .'the other 1, not what it serves alone. For those, run --schedule=turns.';

        $markdown = Written::markdown($together);
        self::assertStringContainsString(
            '| rounds | 3, every scenario loaded at the same time in each round, order rotated each round;',
            $markdown,
        );
        self::assertStringContainsString('- '.$note, $markdown);
        self::assertStringContainsString($note, Written::text($together));
        self::assertSame('together', Written::json($together)['environment']['schedule']);

        self::assertStringNotContainsString('loaded at the same time', Written::markdown($turns));
        self::assertStringContainsString(
            '| rounds | 3, interleaved, order rotated each round;',
            Written::markdown($turns),
        );
        self::assertSame('turns', Written::json($turns)['environment']['schedule']);
    }

    public function testSvgChartHasABarPerMeasuredScenario(): void
    {
        $svg = Written::svg((new BenchReportBuilder())->build($this->sampleResult()));
        $document = new \DOMDocument();

        self::assertTrue($document->loadXML($svg));
        self::assertStringContainsString('>none<', $svg);
        self::assertStringContainsString('>all<', $svg);
        self::assertStringNotContainsString('>broken<', $svg);
        // The primary figure alone carries the verdicts, verdict first; req/s and time per request are not drawn.
        self::assertStringContainsString('CPU per request: each scenario vs none', $svg);
        self::assertStringContainsString('faster: +26.6% over none (95% CI +24.4% … +30.0%)', $svg);
        self::assertStringNotContainsString('Requests per second', $svg);
        self::assertStringNotContainsString('Time per request', $svg);
        $this->assertGolden('bench-chart.svg', $svg);
        self::assertStringNotContainsString(
            'CPU per request',
            Written::svg(
                (new BenchReportBuilder())->build($this->twoScenarios([100.0, 101.0, 99.0], [110.0, 111.0, 109.0])),
            ),
            'no panel for what was not measured',
        );
    }

    public function testThePrimaryFigureIsCpuPerRequestWhenMeasuredAndItsVerdictIsTheHeadlineInEveryFormat(): void
    {
        $measured = (new BenchReportBuilder())->build($this->sampleResult());
        $headline = 'all vs none: faster (CPU per request +26.6%, 95% CI +24.4% … +30.0%)';

        self::assertStringContainsString(
            'Primary figure: CPU per request, because it counts only the CPU PHP itself spent',
            Written::markdown($measured),
        );
        self::assertStringContainsString(
            '(the machine was noisy during the runs: 0.5% of CPU time stolen by the hypervisor, 30% of the CPU used '
            .'by other processes)',
            Written::markdown($measured),
        );
        self::assertStringContainsString('- '.$headline, Written::markdown($measured));
        self::assertStringContainsString($headline, Written::text($measured));
        self::assertStringContainsString(' CPU gain vs none (95% CI), primary ', Written::text($measured));

        $unmeasured = (new BenchReportBuilder())->build(
            $this->twoScenarios([100.0, 101.0, 99.0, 100.0], [90.0, 91.0, 88.0, 90.0]),
        );
        $markdown = Written::markdown($unmeasured);
        self::assertSame(Metric::RequestsPerSecond, $unmeasured->primary->metric);
        self::assertStringContainsString(
            'Primary figure: req/s, because the CPU the PHP processes used was not measured',
            $markdown,
        );
        self::assertStringContainsString('- all vs none: slower (req/s -10.0%', $markdown);
        self::assertStringNotContainsString('CPU per request |', $markdown, 'no column for what was not measured');
        self::assertSame('requestsPerSecond', Written::json($unmeasured)['scenarios'][1]['headline']['metric']);
    }

    private function sampleResult(): BenchResult
    {
        $none = $this->measured(
            0,
            'none',
            'none',
            null,
            'no preloading',
            [95.0, 102.0, 100.0, 103.0, 99.0],
            cpuMs: [5.0, 5.1, 4.9, 5.0, 5.2],
        );
        $all = $this->measured(
            1,
            'all',
            'all',
            '/tmp/preload.php',
            'generate --strategy=paths: 800 files, 1200 classes, 10 left out',
            [118.0, 121.0, 60.0, 120.0, 125.0],
            3,
            [4.0, 4.1, 4.0, 3.9, 4.0],
        );
        $broken = new ScenarioRecord(
            name: 'broken',
            setup: new ScenarioSetup(
                spec: 'naive.php',
                preloadScript: 'naive.php',
                preparation: 'given script, 4 classes',
            ),
            problems: ["/ differs from the baseline:\n@@ line 4 @@\n- <h1>Hello</h1>\n+ <h1>no greeting</h1>"],
        );

        return new BenchResult([$none, $all, $broken], 'none', new Environment(
            phpSetup: new PhpSetup(
                version: '8.2.0',
                opcache: new OpcacheSettings(memoryConsumption: '256M', validateTimestamps: '0', jit: 'off'),
            ),
            machine: new Machine(
                cores: 2,
                cpuModel: 'Example CPU @ 2.00GHz',
                governor: 'performance',
                before: new MachineLoad([0.52, 0.61, 0.7], 0.001, null),
                during: new MachineLoad([2.1, 1.2, 0.9], 0.005, 0.3, 0.1),
            ),
            workers: '2 (pm = static)',
            loadTool: new LoadTool(
                name: 'wrk',
                settings: 'wrk -t 1 -c 4 -d 10s (closed loop, keep-alive)',
            ),
            roundPlan: new RoundPlan(
                rounds: 5,
                duration: 10.0,
                warmup: 3.0,
            ),
            urls: ['/'],
        ), ['/'], 5, new RoundsOutcome(
            new StoppingRule(5, 2.0, 60.0),
            5,
            52.5,
            StopReason::TimeLimit,
            Metric::CpuPerRequest,
        ));
    }

    /**
     * @param list<float>      $rps   req/s by round from 1; $voidRound's run saw non-2xx answers
     * @param list<float>|null $cpuMs PHP CPU per request by round, in ms; null: not measured
     */
    private function measured(
        int $index,
        string $name,
        string $spec,
        ?string $script,
        string $preparation,
        array $rps,
        ?int $voidRound = null,
        ?array $cpuMs = null,
    ): ScenarioRecord {
        $runs = [];
        foreach ($rps as $offset => $value) {
            $run = $this->measuredRun($value, $voidRound === $offset + 1 ? 2 : 0);
            $runs[$offset + 1] = null === $cpuMs ? $run : $run->withPhpCpuSeconds(
                $cpuMs[$offset] * $run->requests / 1000,
            );
        }

        return new ScenarioRecord(
            name: $name,
            setup: new ScenarioSetup(spec: $spec, preloadScript: $script, preparation: $preparation),
            runs: $runs,
            server: new ServerReadings(
                fpmStartSeconds: 0.05 + $index * 0.3,
                opcacheStatus: new OpcacheStatus(
                    php: '8.2.0',
                    user: null,
                    enabled: true,
                    preload: new OpcachePreload(
                        memoryBytes: 12 * 1048576 * $index,
                        scripts: 0 === $index ? [] : array_map(static fn (int $i): string => "/app/src/File$i.php", range(1, 800)),
                        classes: 1200 * $index,
                    ),
                    memory: new OpcacheMemory(usedBytes: (40 + 12 * $index) * 1048576),
                    scripts: new CachedScripts(),
                ),
                workerPss: [10 * 1048576, 10 * 1048576],
                warnings: new StartupWarnings(0),
            ),
            // 10 s on 2 cores: 16 s busy, of which 12 s the server's and 2 s the tool's: 2 s, 10%, other processes.
            conditions: null === $cpuMs ? [] : array_map(
                static fn (LoadResult $run): RunConditions => new RunConditions(10.0, 2, 16.0, 0.1, 12.0, 2.0, 1.5),
                $runs,
            ),
        );
    }

    private function measuredRun(float $rps, int $non2xx = 0): LoadResult
    {
        return new LoadResult(
            tool: 'wrk',
            requests: (int) ($rps * 10),
            seconds: 10.0,
            latency: new Latency(meanMs: 30.0, p50Ms: 28.0, p90Ms: 40.0, p99Ms: 80.0),
            failures: new RequestFailures(non2xx: $non2xx, socketErrors: 0, timeouts: 0),
            toolCpuSeconds: 2.0,
            concurrency: 4,
        );
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
