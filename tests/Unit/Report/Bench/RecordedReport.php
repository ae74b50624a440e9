<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use Preheat\Bench\BenchResult;
use Preheat\Bench\Ladder\Ladder;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Result\Environment;
use Preheat\Bench\Result\OpcacheSettings;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Result\StartupWarnings;
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
                    $run['tool'],
                    $run['requests'],
                    (float) $run['seconds'],
                    $run['latencyMs']['mean'],
                    $run['latencyMs']['p50'],
                    $run['latencyMs']['p90'],
                    $run['latencyMs']['p99'],
                    $run['non2xx'],
                    $run['socketErrors'],
                    $run['timeouts'],
                    $run['toolCpuSeconds'],
                    1,
                    $run['phpCpuSeconds'],
                    $run['instructions'],
                    $run['phpRequests'],
                );
            }
            $preload = $scenario['preload'];
            $workers = (int) ($scenario['workers'] ?? 0);
            $warnings = $scenario['startupWarnings'];
            $records[] = new ScenarioRecord(
                $scenario['name'],
                $scenario['spec'],
                null,
                $scenario['preparation'],
                $scenario['problems'],
                $runs,
                $scenario['fpmStartSeconds'],
                null === $preload ? null : new OpcacheStatus(
                    $environment['php'],
                    null,
                    true,
                    $preload['memoryBytes'],
                    array_fill(0, $preload['scripts'], ''),
                    $preload['classes'],
                    $preload['functions'],
                    (int) $scenario['opcacheUsedBytes'],
                    0,
                ),
                0 === $workers ? [] : array_fill(0, $workers, intdiv((int) $scenario['workerPssBytes'], $workers)),
                $scenario['skipped'],
                instances: $instances,
                warnings: null === $warnings
                    ? null
                    : new StartupWarnings($warnings['count'], $warnings['refusedClasses'], $warnings['examples']),
            );
        }

        return (new BenchReportBuilder((float) $document['confidenceLevel']))->build(new BenchResult(
            $records,
            $document['baseline'],
            new Environment(
                php: $environment['php'],
                opcache: new OpcacheSettings(),
                cores: $environment['cores'],
                workers: $environment['workers'],
                tool: $environment['tool'],
                toolSettings: $environment['toolSettings'],
                rounds: $environment['rounds'],
                duration: (float) $environment['duration'],
                warmup: (float) $environment['warmup'],
                urls: $environment['urls'],
            ),
            $environment['urls'],
            $environment['rounds'],
            ladder: Ladder::standard(),
        ));
    }
}
