<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\BenchResult;
use Preheat\Bench\Compare\Assertion\AssertionEvaluator;
use Preheat\Bench\Compare\Assertion\AssertionParser;
use Preheat\Bench\Compare\RecordedRun;
use Preheat\Bench\Compare\RunComparer;
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
use Preheat\Bench\Result\ServerReadings;
use Preheat\Bench\Result\StartupWarnings;
use Preheat\Bench\Session\Checks;
use Preheat\Report\Bench\BenchReport;
use Preheat\Report\Bench\BenchReportBuilder;
use Preheat\Report\Bench\ShowsChecks;
use Preheat\Report\Formats\Renderers;
use Symfony\Component\Console\Output\BufferedOutput;

/**
 * The checks after the report, each shipped format showing them its own way: a section in text and markdown, two keys
 * in the JSON, the report itself untouched.
 */
final class ShowsChecksTest extends TestCase
{
    public function testEachFormatShowsTheChecksAfterTheReportItself(): void
    {
        $earlier = self::benchResult([1.2, 1.3, 1.1], [1.0, 1.1, 0.9]);
        $now = self::benchResult([1.2, 1.3, 1.1], [1.5, 1.6, 1.4]);
        $recorded = RecordedRun::ofResult($now);
        $comparison = (new RunComparer())->compare($recorded, RecordedRun::ofResult($earlier), 'base/report.json');
        $assertions = array_map((new AssertionParser())->parse(...), ['all.change >= -2%', '*.warnings == 0']);
        $checks = new Checks($comparison, (new AssertionEvaluator())->evaluate($assertions, $recorded, $comparison), false);
        $report = (new BenchReportBuilder())->build($now);

        $plain = self::render($report, 'json', null);
        $json = json_decode(self::render($report, 'json', $checks), true);
        self::assertIsArray($json);
        $comparedKeys = array_keys($json);
        self::assertSame([...array_keys((array) json_decode($plain, true)), 'comparison', 'assertions'], $comparedKeys);
        unset($json['comparison'], $json['assertions']);
        self::assertSame(json_decode($plain, true), $json, 'the report\'s own keys are as its renderer wrote them');
        $compared = json_decode(self::render($report, 'json', $checks), true);
        self::assertSame('slower', $compared['comparison']['scenarios'][1]['change']['verdict']);
        self::assertFalse($compared['assertions']['passed']);
        self::assertSame(['all', 'none', 'all'], array_column($compared['assertions']['results'], 'scenario'));

        $text = self::render($report, 'text', $checks);
        self::assertSame(self::render($report, 'text', null), substr($text, 0, \strlen(self::render($report, 'text', null))));
        self::assertStringContainsString("\n\nCompared with base/report.json: each scenario's CPU per request now over the earlier run's", $text);
        self::assertMatchesRegularExpression('/\n  all: -\d+\.\d% \(95% CI -[\d.]+% … -[\d.]+%\), slower\n/', $text);
        self::assertStringContainsString("Assertions, 1 of 3 held (a gain or change fails only when its whole 95% interval is on the wrong side):\n  ✗ all.change >= -2%: ", $text);
        self::assertStringContainsString("\n  ✓ *.warnings == 0 [none]: 0\n", $text);

        $markdown = self::render($report, 'md', $checks);
        self::assertSame(self::render($report, 'md', null), substr($markdown, 0, \strlen(self::render($report, 'md', null))));
        self::assertStringContainsString("\n\n## Compared with an earlier run\n", $markdown);
        self::assertStringContainsString('| all | -', $markdown);
        self::assertStringContainsString("\n- ✓ `*.warnings == 0` (none): 0\n", $markdown);
    }

    private static function render(BenchReport $report, string $format, ?Checks $checks): string
    {
        $renderer = (new Renderers())->renderer(BenchReport::class, $format);
        self::assertInstanceOf(ShowsChecks::class, $renderer);
        $output = new BufferedOutput();
        (null === $checks ? $renderer : $renderer->withChecks($checks))->write($report, $output);

        return $output->fetch();
    }

    /**
     * @param list<float> $none CPU ms per request by round
     * @param list<float> $all  the same
     */
    private static function benchResult(array $none, array $all): BenchResult
    {
        $record = static function (string $name, array $cpuMs): ScenarioRecord {
            $runs = [];
            foreach ($cpuMs as $i => $ms) {
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

            return new ScenarioRecord(name: $name, setup: new ScenarioSetup(spec: $name, preloadScript: null, preparation: 'test'), runs: $runs, server: new ServerReadings(fpmStartSeconds: 0.1, warnings: new StartupWarnings('all' === $name ? 2 : 0)), instances: [1 => 1, 2 => 1, 3 => 1]);
        };

        return new BenchResult(
            [$record('none', $none), $record('all', $all)],
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
                    settings: 'wrk -t 1 -c 8 -d 2s',
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
