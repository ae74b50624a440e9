<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Compare;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\BenchResult;
use Preheat\Bench\Compare\CompareError;
use Preheat\Bench\Compare\RecordedRun;
use Preheat\Bench\Compare\RecordedScenario;
use Preheat\Bench\Compare\ReportReader;
use Preheat\Bench\Compare\RunComparer;
use Preheat\Bench\Compare\RunKind;
use Preheat\Bench\Load\Latency;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\RequestFailures;
use Preheat\Bench\Load\Schedule;
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
use Preheat\Bench\Result\StartupWarnings;
use Preheat\Report\Bench\BenchReportBuilder;
use Preheat\Report\Bench\JsonRenderer;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\UserError;
use Symfony\Component\Console\Output\BufferedOutput;

/**
 * A run against an earlier one: the same kind of run or no change at all, each scenario's change as a speed-up
 * with its bootstrap interval, and the earlier run read back from the report.json this version writes.
 */
final class RunComparerTest extends TestCase
{
    public function testEachScenarioChangesByTheRatioOfTheRunsMediansAsASpeedUp(): void
    {
        // CPU per request (lower is better): none the same, all 1.0 ms then 1.25 ms now, 20 % slower as a speed-up.
        $earlier = self::recorded(['none' => [2.0, 2.02, 1.98, 2.01], 'all' => [1.0, 1.01, 0.99, 1.0]]);
        $now = self::recorded(['none' => [2.0, 2.01, 1.99, 2.02], 'all' => [1.25, 1.26, 1.24, 1.25], 'hot' => [1.1, 1.1, 1.1]]);

        $comparison = (new RunComparer())->compare($now, $earlier, 'old/report.json');

        self::assertTrue($comparison->comparable());
        $all = $comparison->change('all')?->change;
        self::assertNotNull($all);
        self::assertEqualsWithDelta(-0.2, $all->value, 1e-9);
        self::assertNotNull($all->interval);
        self::assertLessThan(0.0, $all->interval->high);
        self::assertSame('slower', $all->verdict()?->value);
        self::assertSame('no measurable difference', $comparison->change('none')?->change?->verdict()?->value);
        self::assertSame('not in the earlier run', $comparison->change('hot')?->missing);
    }

    public function testRunsOfAnotherKindGiveNoChangeAndSayWhatDiffers(): void
    {
        $earlier = self::recorded(['none' => [2.0, 2.0, 2.0]], new RunKind(['/', '/api'], 'Intel Xeon', 4, '8.2.29', 'wrk', 8));
        $now = self::recorded(['none' => [2.0, 2.0, 2.0]], new RunKind(['/'], 'AMD EPYC', 4, '8.3.1', 'wrk', 16));

        $comparison = (new RunComparer())->compare($now, $earlier, 'old.json');

        self::assertFalse($comparison->comparable());
        self::assertSame([], $comparison->changes);
        self::assertSame([
            'pages: / now, / /api in the earlier run',
            'CPU model: AMD EPYC now, Intel Xeon in the earlier run',
            'PHP: 8.3.1 now, 8.2.29 in the earlier run',
            'concurrency: 16 now, 8 in the earlier run',
        ], $comparison->differences);
    }

    public function testTooFewValuesGiveAnEstimateWithoutAnIntervalAndRestartedServersCountByStart(): void
    {
        $earlier = self::recorded(['all' => [1.0, 1.0]]);
        $now = self::recorded(['all' => [0.5, 0.5, 0.5, 0.5, 0.5, 0.5]], instances: [1 => 1, 2 => 1, 3 => 2, 4 => 2, 5 => 3, 6 => 3]);

        $change = (new RunComparer())->compare($now, $earlier, 'old.json')->change('all')?->change;

        self::assertNotNull($change);
        self::assertEqualsWithDelta(1.0, $change->value, 1e-9, 'half the CPU: twice as fast');
        self::assertNull($change->interval);
        self::assertSame('3 server starts now, 2 rounds in the earlier run; an interval needs 3 on each side', $change->noInterval);
    }

    public function testTheEarlierRunIsReadBackFromTheReportThisVersionWrites(): void
    {
        $result = self::benchResult();
        $output = new BufferedOutput();
        (new JsonRenderer())->write((new BenchReportBuilder())->build($result), $output);
        $directory = new TemporaryDirectory();
        try {
            file_put_contents($directory->path.'/report.json', $output->fetch());
            $read = (new ReportReader())->read($directory->path.'/report.json');
        } finally {
            $directory->remove();
        }
        $direct = RecordedRun::ofResult($result);

        self::assertEquals($direct->kind, $read->kind);
        self::assertSame(8, $read->kind->concurrency);
        self::assertSame('none', $read->baseline);
        self::assertSame(Metric::CpuPerRequest, $read->primary);
        $all = $read->scenario('all');
        self::assertNotNull($all);
        self::assertEqualsWithDelta([1 => 1.0, 2 => 1.1, 3 => 0.9], $all->byRound(Metric::CpuPerRequest), 1e-4);
        self::assertSame([1 => 1, 2 => 1, 3 => 1], $all->instances);
        self::assertSame(3, $all->warnings);
        self::assertEqualsWithDelta(0.2, (float) $all->startSeconds, 1e-9);
        self::assertNotNull($all->gain);
        self::assertEqualsWithDelta((float) $direct->scenario('all')?->gain?->value, $all->gain->value, 1e-4);
    }

    public function testABadReportIsRefusedNamingTheFileAndWhat(): void
    {
        $directory = new TemporaryDirectory();
        try {
            $cases = [
                'missing.json' => null,
                'text.json' => 'not json',
                'list.json' => '[1, 2]',
                'no-env.json' => '{"version": 4, "baseline": "none", "primaryMetric": {"metric": "cpuPerRequest"}, "scenarios": []}',
                'version-99.json' => '{"version": 99, "baseline": "none", "primaryMetric": {"metric": "cpuPerRequest"}, "scenarios": []}',
                'tiny-rps.json' => self::report('"requestsPerSecond": 5e-324, "cpuPerRequestMs": 1.0'),
                'huge-cpu.json' => self::report('"requestsPerSecond": 100, "cpuPerRequestMs": 1.7e308'),
                'bad-run.json' => '{"version": 4, "baseline": "none", "primaryMetric": {"metric": "cpuPerRequest"}, "environment": {"urls": ["/"], "cpuModel": null, "cores": 2, "php": "8.2.0", "tool": "wrk", "toolSettings": "wrk -c 2"}, "scenarios": [{"name": "none", "spec": "none", "measured": true, "runs": [{"round": "one"}]}]}',
            ];
            $messages = [];
            foreach ($cases as $file => $content) {
                if (null !== $content) {
                    file_put_contents($directory->path.'/'.$file, $content);
                }
                try {
                    (new ReportReader())->read($directory->path.'/'.$file);
                    self::fail('read '.$file);
                } catch (CompareError $error) {
                    self::assertInstanceOf(UserError::class, $error);
                    $messages[$file] = str_replace($directory->path.'/', '', $error->getMessage());
                }
            }
        } finally {
            $directory->remove();
        }

        $tail = ' Give the report.json an earlier `preheat bench --out=DIR` wrote.';
        self::assertSame([
            'missing.json' => 'Cannot compare with the earlier report missing.json: no such file.'.$tail,
            'text.json' => 'Cannot compare with the earlier report text.json: it is not JSON (Syntax error).'.$tail,
            'list.json' => 'Cannot compare with the earlier report list.json: the document is not an object, so it is not a bench report this version can read.'.$tail,
            'no-env.json' => 'Cannot compare with the earlier report no-env.json: the document has no "environment", so it is not a bench report this version can read.'.$tail,
            'version-99.json' => 'Cannot compare with the earlier report version-99.json: version is 99 where this version of Preheat writes 4, so it is not a bench report this version can read.'.$tail,
            'tiny-rps.json' => 'Cannot compare with the earlier report tiny-rps.json: scenarios[0].runs[0].requestsPerSecond gives 5.0E-324 req/s, which no bench measures (req/s is between 0.001 and 1.0e+9 req/s), so it is not a bench report this version can read.'.$tail,
            'huge-cpu.json' => 'Cannot compare with the earlier report huge-cpu.json: scenarios[0].runs[0].cpuPerRequestMs gives 1.7E+308 ms, which no bench measures (CPU per request is between 1.0e-6 and 1.0e+7 ms), so it is not a bench report this version can read.'.$tail,
            'bad-run.json' => 'Cannot compare with the earlier report bad-run.json: scenarios[0].runs[0].round is not a whole number, so it is not a bench report this version can read.'.$tail,
        ], $messages);
    }

    public function testTheReaderReadsTheVersionTheReportWrites(): void
    {
        self::assertSame(JsonRenderer::VERSION, ReportReader::VERSION);
    }

    /** A report of version 4 with one valid run of scenario none, whose figures are $figures. */
    private static function report(string $figures): string
    {
        return '{"version": 4, "baseline": "none", "primaryMetric": {"metric": "cpuPerRequest"}, "environment": {"urls": ["/"], "cpuModel": null, "cores": 2, "php": "8.2.0", "tool": "wrk", "toolSettings": "wrk -c 2"}, "scenarios": [{"name": "none", "spec": "none", "measured": true, "runs": [{"round": 1, "valid": true, "requests": 100, '.$figures.'}]}]}';
    }

    public function testAReportLargerThanTheLimitIsNotRead(): void
    {
        $directory = new TemporaryDirectory();
        try {
            file_put_contents($directory->path.'/big.json', '{"padding": "'.str_repeat('x', 200).'"}');
            $this->expectException(CompareError::class);
            $this->expectExceptionMessage('big.json: it is larger than 100 bytes, more than any bench report.');
            (new ReportReader(100))->read($directory->path.'/big.json');
        } finally {
            $directory->remove();
        }
    }

    /**
     * @param array<string, list<float>> $cpu       scenario => CPU per request by round (from 1)
     * @param array<int, int>            $instances round => server start, for every scenario
     */
    private static function recorded(array $cpu, ?RunKind $kind = null, array $instances = []): RecordedRun
    {
        $scenarios = [];
        foreach ($cpu as $name => $values) {
            $byRound = array_combine(range(1, \count($values)), $values);
            $scenarios[] = new RecordedScenario($name, $name, true, [Metric::CpuPerRequest->value => $byRound], $instances);
        }

        return new RecordedRun($kind ?? new RunKind(['/'], 'AMD EPYC', 2, '8.2.29', 'wrk', 8), 'none', Metric::CpuPerRequest, $scenarios);
    }

    private static function benchResult(): BenchResult
    {
        $record = static function (string $name, array $cpuMs, ?StartupWarnings $warnings, float $start): ScenarioRecord {
            $runs = [];
            foreach ($cpuMs as $i => $ms) {
                // 1000 requests in 2 s, the server's PHP using $ms per request.
                $runs[$i + 1] = new LoadResult(
                    tool: 'wrk',
                    requests: 1000,
                    seconds: 2.0,
                    latency: new Latency(meanMs: 1.0, p50Ms: 1.0, p90Ms: 2.0, p99Ms: 3.0),
                    failures: new RequestFailures(),
                    toolCpuSeconds: 0.1,
                    concurrency: 8,
                    phpCpuSeconds: $ms,
                    instructions: null,
                    phpRequests: 1000,
                );
            }

            return new ScenarioRecord(name: $name, setup: new ScenarioSetup(spec: $name, preloadScript: null, preparation: 'test'), runs: $runs, server: new ServerReadings(fpmStartSeconds: $start, warnings: $warnings), instances: [1 => 1, 2 => 1, 3 => 1]);
        };

        return new BenchResult(
            [$record('none', [1.2, 1.3, 1.1], new StartupWarnings(0), 0.1), $record('all', [1.0, 1.1, 0.9], new StartupWarnings(3, 1), 0.2)],
            'none',
            new Environment(
                phpSetup: new PhpSetup(
                    version: '8.2.29',
                    opcache: new OpcacheSettings(),
                ),
                machine: new Machine(
                    cores: 2,
                    cpuModel: 'AMD EPYC',
                ),
                workers: '2 (pm = static)',
                loadTool: new LoadTool(
                    name: 'wrk',
                    settings: 'wrk -t 1 -c 8 -d 2s (closed loop, keep-alive)',
                ),
                roundPlan: new RoundPlan(
                    rounds: 3,
                    duration: 2.0,
                    warmup: 1.0,
                    schedule: Schedule::Together,
                ),
                urls: ['/'],
            ),
            ['/'],
            3,
        );
    }
}
