<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\BenchResult;
use Preheat\Bench\Load\InstructionCounts;
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
use Preheat\Bench\Rounds\RoundsOutcome;
use Preheat\Bench\Rounds\StoppingRule;
use Preheat\Bench\Rounds\StopReason;
use Preheat\Bench\Statistics\Verdict;
use Preheat\Report\Bench\BenchReportBuilder;
use Preheat\Report\Bench\Cells;
use Preheat\Report\Bench\ConsoleRenderer;
use Symfony\Component\Console\Helper\Helper;
use Symfony\Component\Console\Output\BufferedOutput;

/**
 * A report of instruction counts (the callgrind tool): instructions per request lead, with their
 * run-to-run spread, and req/s (valgrind's speed, not PHP's) is shown as no gain in any format.
 */
final class CallgrindReportTest extends TestCase
{
    public function testInstructionsPerRequestAreThePrimaryFigureWithTheirSpread(): void
    {
        $report = (new BenchReportBuilder())->build($this->counts());
        [$none, $all, $hot] = $report->rows;

        self::assertSame(Metric::InstructionsPerRequest, $report->primary->metric);
        self::assertFalse($report->timesRequests());
        $counted = $all->metric(Metric::InstructionsPerRequest);
        self::assertNotNull($counted?->comparison);
        // Paired per round, baseline ÷ scenario: 55.0/30.5 in every round, give or take a few instructions.
        self::assertEqualsWithDelta(55.0 / 30.5 - 1, $counted->comparison->gain(), 1e-5);
        self::assertSame(Verdict::Faster, $counted->comparison->verdict());
        self::assertEqualsWithDelta(
            1100.0 / 55_000_550,
            (float) $none->metric(Metric::InstructionsPerRequest)?->spread?->relativeRange(),
            1e-12,
            '(max − min) / median',
        );
        self::assertSame(Verdict::Faster, $hot->metric(Metric::InstructionsPerRequest)?->comparison?->verdict());
    }

    public function testMarkdownMatchesGoldenFile(): void
    {
        $markdown = Written::markdown((new BenchReportBuilder())->build($this->counts()));
        $this->assertGolden('bench-report-callgrind.md', $markdown);

        self::assertStringContainsString(
            'Primary figure: instructions per request, because instructions were counted: the same code gives the '
            .'same count, whatever else the machine does (and under valgrind req/s measures valgrind)',
            $markdown,
        );
        self::assertStringContainsString('- all vs none: faster (instructions per request +80.3%', $markdown);
        self::assertStringContainsString('none 55.00 M, fewest 54.45 M, all 30.50 M, fewest 30.20 M', $markdown, 'the minimum beside the median');
        self::assertStringContainsString(
            '| scenario | instructions per request | spread (max−min)/median | instructions gain vs none (95% CI), '
            .'primary | verdict |',
            $markdown,
        );
        self::assertStringNotContainsString('req/s (min–max)', $markdown, 'no req/s figure under valgrind');
        self::assertStringNotContainsString('req/s gain', $markdown, 'nor a req/s gain');
        self::assertStringContainsString(
            '| rounds | 3 (3 planned, no time limit for more), interleaved, order rotated each round; no warm-up '
            .'pass: each run warms up itself |',
            $markdown,
        );
    }

    public function testConsoleShowsNoRequestsPerSecond(): void
    {
        $console = Written::text((new BenchReportBuilder())->build($this->counts()));

        self::assertStringContainsString(' 0.002% (3 rounds) ', $console);
        self::assertStringNotContainsString('req/s gain', $console);
        self::assertStringContainsString(
            'req/s and time per request are not shown: under valgrind PHP runs some 50 times slower',
            $console,
        );
    }

    public function testTheInstructionsTableFitsEightyColumnsWithItsGainsAndVerdicts(): void
    {
        $report = (new BenchReportBuilder())->build($this->counts());
        self::assertCount(\count(Cells::headers($report)), Cells::importance($report), 'a rank for every column');
        $output = new BufferedOutput();

        (new ConsoleRenderer(80))->write($report, $output);
        $text = $output->fetch();

        foreach (explode("\n", $text) as $line) {
            self::assertLessThanOrEqual(80, Helper::width($line), $line);
        }
        $rows = array_filter(explode("\n", $text), static fn (string $l): bool => str_starts_with($l, '| '));
        foreach ($report->rows as $row) {
            $cells = implode(' ', array_filter($rows, static fn (string $l): bool => str_starts_with($l, '| '.$row->name.' ')));
            $instructions = $row->metric(Metric::InstructionsPerRequest)?->comparison;
            self::assertStringContainsString(Cells::verdictOf($instructions), $cells, $row->name);
            self::assertStringContainsString(null === $instructions ? '—' : Cells::percent($instructions->gain()), $cells);
        }
    }

    public function testJsonHasTheCountsAndNoRequestsPerSecondGain(): void
    {
        $json = Written::json((new BenchReportBuilder())->build($this->counts()));
        [$none, $all] = $json['scenarios'];

        self::assertSame('instructionsPerRequest', $json['primaryMetric']['metric']);
        self::assertSame(
            ['median' => 55000550, 'min' => 55000000, 'max' => 55001100, 'mad' => 550, 'n' => 3, 'spread' => 2.0E-5],
            $none['instructionsPerRequest'],
        );
        self::assertNull($all['gain'], 'no req/s gain');
        self::assertNull($all['requestsPerSecond']);
        self::assertSame(['instructionsPerRequest'], array_keys((array) $all['gains']));
        self::assertSame('instructionsPerRequest', $all['headline']['metric']);
        self::assertSame('faster', $all['headline']['verdict']);
        self::assertSame(5 * 30_500_000, $all['runs'][0]['instructions'], 'each run keeps its own figures');
    }

    public function testTheChartShowsInstructionsPerRequest(): void
    {
        $svg = Written::svg((new BenchReportBuilder())->build($this->counts()));

        self::assertTrue((new \DOMDocument())->loadXML($svg));
        self::assertStringContainsString('Instructions per request (callgrind): each scenario vs none', $svg);
        self::assertStringNotContainsString('Requests per second', $svg);
        $this->assertGolden('callgrind-chart.svg', $svg);
    }

    private function counts(): BenchResult
    {
        return new BenchResult([
            $this->counted('none', [55_000_000, 55_000_550, 55_001_100]),
            $this->counted('all', [30_500_000, 30_500_300, 30_500_600]),
            $this->counted('hot', [33_200_000, 33_200_000, 33_200_100]),
        ], 'none', new Environment(
            phpSetup: new PhpSetup(
                version: '8.2.0',
                opcache: new OpcacheSettings(memoryConsumption: '128M', validateTimestamps: '0', jit: 'off'),
            ),
            machine: new Machine(
                cores: 2,
            ),
            workers: '4 (pm = static)',
            loadTool: new LoadTool(
                name: 'callgrind',
                settings: 'valgrind --tool=callgrind php-cgi -T 7: instructions per request over the last 5, after 2 '
                .'warm-up (in-process, no web server)',
            ),
            roundPlan: new RoundPlan(
                rounds: 3,
                duration: 6.0,
                warmup: 0.0,
            ),
            urls: ['/', '/api/posts'],
        ), ['/', '/api/posts'], 3, new RoundsOutcome(
            new StoppingRule(3, 2.0, 0.0),
            3,
            1500.0,
            StopReason::PrecisionReached,
            Metric::InstructionsPerRequest,
        ));
    }

    /** @param list<int> $perRequest instructions per request by round from 1 */
    private function counted(string $name, array $perRequest): ScenarioRecord
    {
        $runs = [];
        foreach ($perRequest as $offset => $instructions) {
            // Five requests under valgrind, some 40 s: req/s is valgrind's.
            $runs[$offset + 1] = new LoadResult(
                tool: 'callgrind',
                requests: 5,
                seconds: 40.0 + $offset,
                latency: new Latency(),
                failures: new RequestFailures(),
                toolCpuSeconds: null,
                concurrency: 1,
                // The cheapest request 1% under the others, the dearest 1% over: the mean stays, the fewest shows.
                instructions: InstructionCounts::ofRequests([(int) ($instructions * 0.99), ...array_fill(0, 3, (int) $instructions), (int) ($instructions * 1.01)]),
            );
        }

        return new ScenarioRecord(name: $name, setup: new ScenarioSetup(spec: $name, preloadScript: 'none' === $name ? null : "/tmp/$name.php", preparation: $name), runs: $runs);
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
