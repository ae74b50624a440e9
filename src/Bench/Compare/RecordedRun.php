<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare;

use Preheat\Bench\BenchResult;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Statistics\BaselineComparator;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\PrimaryMetric;

/** A whole run as a comparison reads it: what kind of run it was, its baseline, primary metric and scenarios. */
final class RecordedRun
{
    /** @param list<RecordedScenario> $scenarios */
    public function __construct(
        public readonly RunKind $kind,
        public readonly string $baseline,
        public readonly Metric $primary,
        public readonly array $scenarios,
    ) {
    }

    /** This run, from its result: the primary metric and gains as its report shows them. */
    public static function ofResult(BenchResult $result): self
    {
        $during = $result->environment->machine->during;
        $primary = PrimaryMetric::choose($result->scenarios, $result->baseline, $during)->metric;
        $reference = $result->scenario($result->baseline);
        $scenarios = [];
        foreach ($result->scenarios as $record) {
            $gain = null;
            if (null !== $reference && $record !== $reference) {
                $gain = $result->comparisons?->gain($record->name, $primary)
                    ?? (new BaselineComparator())->compare($record, $reference, $primary);
            }
            $scenarios[] = self::recorded($record, $gain);
        }

        return new self(RunKind::of($result->environment), $result->baseline, $primary, $scenarios);
    }

    public function scenario(string $name): ?RecordedScenario
    {
        foreach ($this->scenarios as $scenario) {
            if ($scenario->name === $name) {
                return $scenario;
            }
        }

        return null;
    }

    private static function recorded(ScenarioRecord $record, ?PairedComparison $gain): RecordedScenario
    {
        $figures = [];
        foreach (Metric::cases() as $metric) {
            $figures[$metric->value] = $record->byRound($metric);
        }

        return new RecordedScenario(
            $record->name,
            $record->setup->spec,
            $record->isMeasured(),
            $figures,
            $record->instances,
            null === $gain ? null : new Estimate(
                $gain->gain(),
                $gain->interval,
                null === $gain->interval ? \sprintf('%d paired round(s) are too few', $gain->rounds()) : null,
            ),
            $record->server->opcacheStatus?->preload->memoryBytes,
            $record->server->fpmStartSeconds,
            $record->server->warnings?->count,
        );
    }
}
