<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\BenchResult;
use Preheat\Bench\Load\Latency;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\RequestFailures;
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
use Preheat\Report\Bench\ReportWriter;
use Preheat\Report\Formats\Renderers;
use Preheat\Report\Renderer;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Console\Output\OutputInterface;

/** The report's files are what the renderers write, and the md and json ones are the registry's formats. */
final class ReportWriterTest extends TestCase
{
    public function testEachFileIsWhatItsRendererWrites(): void
    {
        $report = self::report();
        $directory = new TemporaryDirectory();
        try {
            $files = (new ReportWriter())->write($report, $directory->path.'/report');

            self::assertSame(
                [$directory->path.'/report/report.md', $directory->path.'/report/report.json', $directory->path
                    .'/report/chart.svg'],
                $files,
            );
            self::assertStringEqualsFile($files[0], Written::markdown($report));
            self::assertStringEqualsFile($files[1], Written::jsonDocument($report));
            self::assertStringEqualsFile($files[2], Written::svg($report));
        } finally {
            $directory->remove();
        }
    }

    public function testTheMarkdownAndJsonFilesComeFromTheFormatsRegistered(): void
    {
        /** @implements Renderer<BenchReport> */
        $rows = new class implements Renderer {
            public function write(object $report, OutputInterface $output): void
            {
                \assert($report instanceof BenchReport);
                $output->write(\sprintf('%d rows over %s', \count($report->rows), $report->baseline));
            }
        };
        $renderers = (new Renderers())->with(BenchReport::class, 'md', static fn (): Renderer => $rows);
        $directory = new TemporaryDirectory();
        try {
            $files = (new ReportWriter(
                $renderers->renderer(BenchReport::class, 'md'),
                $renderers->renderer(BenchReport::class, 'json'),
            ))->write(self::report(), $directory->path);

            self::assertStringEqualsFile($files[0], '2 rows over none', 'the md format as registered');
            self::assertStringEqualsFile($files[1], Written::jsonDocument(self::report()));
        } finally {
            $directory->remove();
        }
    }

    private static function report(): BenchReport
    {
        $records = [];
        foreach (['none' => [100.0, 101.0, 99.0], 'all' => [120.0, 118.0, 121.0]] as $name => $rps) {
            $runs = [];
            foreach ($rps as $offset => $value) {
                $runs[$offset + 1] = new LoadResult(
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
                    toolCpuSeconds: null,
                    concurrency: 4,
                );
            }
            $records[] = new ScenarioRecord(name: $name, setup: new ScenarioSetup(spec: $name, preloadScript: null, preparation: $name), runs: $runs);
        }

        return (new BenchReportBuilder())->build(new BenchResult($records, 'none', new Environment(
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
                rounds: 3,
                duration: 10.0,
                warmup: 3.0,
            ),
            urls: ['/'],
        ), ['/'], 3));
    }
}
