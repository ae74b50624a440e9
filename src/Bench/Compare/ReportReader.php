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

    /** The version of report.json this reader reads (doc/bench-report.md): what JsonRenderer writes. */
    public const VERSION = 4;

    /**
     * The range a run's figure can be in, per metric, far wider than any machine measures: a figure outside was
     * not measured, and a ratio of it would overflow or vanish (a median of 5e-324 req/s divides by zero).
     *
     * @var array<string, array{float, float}> Metric value => lowest, highest
     */
    private const FIGURE_RANGES = [
        'requestsPerSecond' => [1e-3, 1e9],
        'cpuPerRequest' => [1e-6, 1e7],
        'instructionsPerRequest' => [1.0, 1e15],
    ];

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
        $version = $document->key('version');
        if (self::VERSION !== $version->int()) {
            // One of another version may name the same keys with other meanings: it is not guessed at.
            $version->fail(\sprintf('is %d where this version of Preheat writes %d', $version->int(), self::VERSION));
        }
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
            // Each metric's figure, and the requests it is divided by (instructions are the run's whole count).
            $read = [
                Metric::RequestsPerSecond->value => [$run->key('requestsPerSecond'), 1],
                Metric::CpuPerRequest->value => [$run->has('cpuPerRequestMs') ? $run->key('cpuPerRequestMs') : null, 1],
                Metric::InstructionsPerRequest->value => [
                    $run->has('instructions') ? $run->key('instructions') : null,
                    $requests,
                ],
            ];
            foreach ($read as $metric => [$figure, $per]) {
                $value = $figure?->nullableNumber();
                // Null or zero: not measured (as the run's own Metric::of() says); anything else must be a figure.
                if (null !== $figure && null !== $value && 0.0 !== $value && $per > 0) {
                    $figures[$metric][$round] = self::figure($figure, $value / $per, Metric::from($metric));
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

    /**
     * A run's figure, in its metric's range: one outside was not measured, it was written by hand or by another
     * tool, and is named before any server starts.
     *
     * @throws CompareError
     */
    private static function figure(JsonPath $path, float $value, Metric $metric): float
    {
        [$lowest, $highest] = self::FIGURE_RANGES[$metric->value];
        if (!is_finite($value) || $value < $lowest || $value > $highest) {
            $path->fail(\sprintf(
                'gives %s %s, which no bench measures (%s is between %g and %g %s)',
                var_export($value, true),
                $metric->unit(),
                $metric->label(),
                $lowest,
                $highest,
                $metric->unit(),
            ));
        }

        return $value;
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
