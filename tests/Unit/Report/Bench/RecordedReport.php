<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use Preheat\Bench\BenchResult;
use Preheat\Bench\Ladder\Ladder;
use Preheat\Bench\Load\InstructionCounts;
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
use Preheat\Bench\Result\ServerReadings;
use Preheat\Bench\Result\StartupWarnings;
use Preheat\Php\CachedScripts;
use Preheat\Php\OpcacheMemory;
use Preheat\Php\OpcachePreload;
use Preheat\Php\OpcacheStatus;
use Preheat\Report\Bench\BenchReport;
use Preheat\Report\Bench\BenchReportBuilder;

/**
 * A ladder's report.json (as JsonRenderer writes it) read back into the result it was made from: every round of
 * every scenario, with what its server reported, so that a report is built again from the recorded rounds as the
 * bench builds it.
 */
final class RecordedReport
{
    public static function ladder(string $file): BenchReport
    {
        $document = json_decode((string) file_get_contents($file), true, 64, \JSON_THROW_ON_ERROR);
        \assert(\is_array($document));
        $environment = $document['environment'];
        $records = [];
        foreach ($document['scenarios'] as $scenario) {
            $runs = [];
            $instances = [];
            foreach ($scenario['runs'] as $run) {
                $round = (int) $run['round'];
                $instances[$round] = (int) $run['instance'];
                $runs[$round] = new LoadResult(
                    tool: $run['tool'],
                    requests: $run['requests'],
                    seconds: (float) $run['seconds'],
                    latency: new Latency(
                        $run['latencyMs']['mean'],
                        $run['latencyMs']['p50'],
                        $run['latencyMs']['p90'],
                        $run['latencyMs']['p99'],
                    ),
                    failures: new RequestFailures($run['non2xx'], $run['socketErrors'], $run['timeouts']),
                    toolCpuSeconds: $run['toolCpuSeconds'],
                    concurrency: 1,
                    phpCpuSeconds: $run['phpCpuSeconds'],
                    instructions: null === $run['instructions'] ? null : new InstructionCounts(
                        $run['instructions'],
                        $run['instructionsMedianPerRequest'] ?? null,
                        $run['instructionsMinimumPerRequest'] ?? null,
                    ),
                    phpRequests: $run['phpRequests'],
                );
            }
            $preload = $scenario['preload'];
            $workers = (int) ($scenario['workers'] ?? 0);
            $warnings = $scenario['startupWarnings'];
            $records[] = new ScenarioRecord(
                name: $scenario['name'],
                setup: new ScenarioSetup($scenario['spec'], null, $scenario['preparation']),
                problems: $scenario['problems'],
                runs: $runs,
                server: new ServerReadings(
                    fpmStartSeconds: $scenario['fpmStartSeconds'],
                    opcacheStatus: null === $preload ? null : new OpcacheStatus(
                        php: $environment['php'],
                        user: null,
                        enabled: true,
                        preload: new OpcachePreload(
                            $preload['memoryBytes'],
                            array_fill(0, $preload['scripts'], ''),
                            $preload['classes'],
                            $preload['functions'],
                        ),
                        memory: new OpcacheMemory(usedBytes: (int) $scenario['opcacheUsedBytes']),
                        scripts: new CachedScripts(),
                    ),
                    workerPss: 0 === $workers
                        ? []
                        : array_fill(0, $workers, intdiv((int) $scenario['workerPssBytes'], $workers)),
                    warnings: null === $warnings
                        ? null
                        : new StartupWarnings($warnings['count'], $warnings['refusedClasses'], $warnings['examples']),
                ),
                skipped: $scenario['skipped'],
                instances: $instances,
            );
        }

        return (new BenchReportBuilder((float) $document['confidenceLevel']))->build(new BenchResult(
            $records,
            $document['baseline'],
            new Environment(
                phpSetup: new PhpSetup($environment['php'], new OpcacheSettings()),
                machine: new Machine($environment['cores']),
                workers: $environment['workers'],
                loadTool: new LoadTool($environment['tool'], $environment['toolSettings']),
                roundPlan: new RoundPlan(
                    $environment['rounds'],
                    (float) $environment['duration'],
                    (float) $environment['warmup'],
                ),
                urls: $environment['urls'],
            ),
            $environment['urls'],
            $environment['rounds'],
            ladder: Ladder::standard(),
        ));
    }
}
