<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\BenchResult;
use Preheat\Bench\Load\Latency;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\RequestFailures;
use Preheat\Bench\Load\Schedule;
use Preheat\Bench\Result\Environment;
use Preheat\Bench\Result\LoadTool;
use Preheat\Bench\Result\Machine;
use Preheat\Bench\Result\OpcacheSettings;
use Preheat\Bench\Result\PhpSetup;
use Preheat\Bench\Result\RoundPlan;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Result\ScenarioSetup;
use Preheat\Report\Bench\BenchReport;
use Preheat\Report\Bench\BenchReportBuilder;
use Preheat\Report\Bench\EnvironmentCells;
use Preheat\Report\Bench\HeadlineCells;
use Preheat\Report\Bench\NoteCells;

/** The headline, environment and notes parts of a bench report alone, on two scenarios of six rounds. */
final class ReportCellsTest extends TestCase
{
    public function testTheHeadlineNamesThePrimaryFigureAndEachVerdict(): void
    {
        $lines = HeadlineCells::headline(self::report(1.05));

        self::assertCount(2, $lines);
        self::assertStringStartsWith('Primary figure: req/s, because ', $lines[0]);
        self::assertStringStartsWith('all vs none: faster (req/s +5.0%, 95% CI ', $lines[1]);
        self::assertNull(HeadlineCells::stopped(self::report(1.05)), 'no stopping rule, nothing to say');
    }

    public function testTheEnvironmentSaysWhatRanAndHowTheRoundsWereScheduled(): void
    {
        $rows = array_column(EnvironmentCells::environment(self::report(1.05)), 1, 0);

        self::assertSame('8.2.0', $rows['PHP']);
        self::assertSame('1 core', $rows['CPU']);
        self::assertSame(
            '6, interleaved, order rotated each round; 3 s warm-up per scenario (discarded)',
            $rows['rounds'],
        );
        self::assertArrayNotHasKey('stopped', $rows);
    }

    /** The notes word the builder's judgement on the server instances; they do not judge again. */
    public function testTheNotesFollowTheReportsJudgement(): void
    {
        $report = self::report(1.005);
        $judged = static fn (BenchReport $report): array => array_values(array_filter(
            NoteCells::notes($report),
            static fn (string $note): bool => str_contains($note, 'identical servers'),
        ));
        self::assertCount(1, $judged($report));

        $unjudged = new BenchReport(
            $report->rows,
            $report->baseline,
            $report->environment,
            $report->confidenceLevel,
            $report->primary,
            $report->stopping,
            $report->ladder,
            $report->provenance,
            [],
        );

        self::assertSame([], $judged($unjudged));
    }

    private static function report(float $factor): BenchReport
    {
        $none = [100.0, 102.0, 98.0, 100.0, 101.0, 99.0];
        $scenario = static fn (string $name, array $rps): ScenarioRecord => new ScenarioRecord(
            name: $name,
            setup: new ScenarioSetup(spec: $name, preloadScript: null, preparation: $name),
            runs: array_combine(range(1, \count($rps)), array_map(
                static fn (float $value): LoadResult => new LoadResult(
                    tool: 'wrk',
                    requests: (int) ($value * 10),
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
                ),
                $rps,
            )),
        );

        return (new BenchReportBuilder())->build(new BenchResult([
            $scenario('none', $none),
            $scenario('all', array_map(static fn (float $rps): float => $rps * $factor, $none)),
        ], 'none', new Environment(
            phpSetup: new PhpSetup(
                version: '8.2.0',
                opcache: new OpcacheSettings(),
            ),
            machine: new Machine(
                cores: 1,
            ),
            workers: '2 (pm = static)',
            loadTool: new LoadTool(
                name: 'wrk',
                settings: 'wrk',
            ),
            roundPlan: new RoundPlan(
                rounds: 6,
                duration: 10.0,
                warmup: 3.0,
                schedule: Schedule::from('turns'),
            ),
            urls: ['/'],
        ), ['/'], 6));
    }
}
