<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Statistics\ConfidenceInterval;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;

/**
 * Reads an earlier run's report.json (the shape of doc/bench-report.md) into a RecordedRun: the environment's
 * kind of run, the baseline, the primary metric and each scenario's per-round figures. Bounded: a file over
 * MAX_BYTES, or nested deeper than a report is, is refused before it is decoded whole. Keys a later version adds
 * are ignored; a key the comparison needs that is missing or of the wrong type is named in the error.
 */
final class ReportReader
{
    /** A report of many scenarios and rounds is a few megabytes; anything far larger is not one. */
    public const MAX_BYTES = 64 * 1024 * 1024;

    private const MAX_DEPTH = 32;

    /** @param int $maxBytes the largest file read (MAX_BYTES; smaller in tests) */
    public function __construct(private readonly int $maxBytes = self::MAX_BYTES)
    {
    }

    /** @throws CompareError naming the file and what is wrong with it */
    public function read(string $file): RecordedRun
    {
        try {
            $document = BoundedRead::json($file, $this->maxBytes, depth: self::MAX_DEPTH);
        } catch (BoundedReadError $error) {
            throw CompareError::unreadable(
                $file,
                $error->isTooLarge() ? $error->reason.', more than any bench report' : $error->reason,
            );
        } catch (\JsonException $error) {
            throw CompareError::unreadable($file, 'it is not JSON ('.$error->getMessage().')');
        }

        return $this->run(new JsonPath($file, '', $document));
    }

    private function run(JsonPath $document): RecordedRun
    {
        $document->object();
        $environment = $document->key('environment');
        $metric = Metric::tryFrom($document->key('primaryMetric')->key('metric')->string());
        if (null === $metric) {
            $document->key('primaryMetric')->key('metric')->fail('is not a metric this version knows');
        }
        $pages = array_map(
            static fn (JsonPath $page): string => $page->string(),
            $environment->key('urls')->list(),
        );
        $kind = new RunKind(
            $pages,
            $environment->key('cpuModel')->nullableString(),
            $environment->key('cores')->int(),
            $environment->key('php')->string(),
            $environment->key('tool')->string(),
            RunKind::concurrency($environment->key('toolSettings')->string()),
        );
        $scenarios = array_map(
            fn (JsonPath $scenario): RecordedScenario => $this->scenario($scenario),
            $document->key('scenarios')->list(),
        );

        return new RecordedRun($kind, $document->key('baseline')->string(), $metric, $scenarios);
    }

    private function scenario(JsonPath $scenario): RecordedScenario
    {
        $figures = [];
        $instances = [];
        foreach ($scenario->key('runs')->list() as $run) {
            $round = $run->key('round')->int();
            $instances[$round] = $run->has('instance') ? $run->key('instance')->int() : 1;
            if (true !== $run->key('valid')->bool()) {
                continue;
            }
            $requests = $run->key('requests')->int();
            $instructions = $run->has('instructions') ? $run->key('instructions')->nullableNumber() : null;
            $values = [
                Metric::RequestsPerSecond->value => $run->key('requestsPerSecond')->nullableNumber(),
                Metric::CpuPerRequest->value => $run->has('cpuPerRequestMs')
                    ? $run->key('cpuPerRequestMs')->nullableNumber()
                    : null,
                Metric::InstructionsPerRequest->value => null === $instructions || $requests <= 0
                    ? null
                    : $instructions / $requests,
            ];
            foreach ($values as $metric => $value) {
                if (null !== $value && $value > 0.0 && is_finite($value)) {
                    $figures[$metric][$round] = $value;
                }
            }
        }
        $preload = $scenario->has('preload') ? $scenario->key('preload') : null;
        $warnings = $scenario->has('startupWarnings') ? $scenario->key('startupWarnings') : null;

        return new RecordedScenario(
            $scenario->key('name')->string(),
            $scenario->key('spec')->string(),
            $scenario->key('measured')->bool(),
            $figures,
            $instances,
            $this->gain($scenario),
            null === $preload || $preload->isNull() ? null : $preload->key('memoryBytes')->nullableInt(),
            $scenario->has('fpmStartSeconds') ? $scenario->key('fpmStartSeconds')->nullableNumber() : null,
            null === $warnings || $warnings->isNull() ? null : $warnings->key('count')->int(),
        );
    }

    private function gain(JsonPath $scenario): ?Estimate
    {
        if (!$scenario->has('headline') || $scenario->key('headline')->isNull()) {
            return null;
        }
        $headline = $scenario->key('headline');
        $low = $headline->key('ciLow')->nullableNumber();
        $high = $headline->key('ciHigh')->nullableNumber();

        return new Estimate(
            $headline->key('median')->number(),
            null === $low || null === $high || $low > $high ? null : new ConfidenceInterval($low, $high, 0.95),
            $headline->has('noInterval') ? $headline->key('noInterval')->nullableString() : null,
        );
    }
}
