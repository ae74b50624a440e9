<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Result\BenchResult;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Statistics\Bootstrap;
use Preheat\Bench\Statistics\ConfidenceInterval;
use Preheat\Bench\Statistics\Sample;

/**
 * Statistics over rounds: medians and spread of req/s and time per request, latency percentiles
 * (median over rounds), the gain against the baseline with a bootstrap confidence interval (rounds
 * resampled as pairs; fixed seed: the same runs give the same interval), and the memory and start-up
 * figures.
 */
final class BenchReportBuilder
{
    public function __construct(
        private readonly Bootstrap $bootstrap = new Bootstrap(10000, 1),
        private readonly float $confidenceLevel = 0.95,
    ) {
    }

    public function build(BenchResult $result): BenchReport
    {
        $baseline = $result->scenario($result->baseline);
        $rows = [];
        foreach ($result->scenarios as $record) {
            $rows[] = $this->row($record, $record->name === $result->baseline ? null : $baseline, $result->environment->duration, max(1, $result->environment->cores));
        }

        return new BenchReport($rows, $result->baseline, $result, $this->confidenceLevel);
    }

    /** @param ScenarioRecord|null $baseline null when this is the baseline */
    private function row(ScenarioRecord $record, ?ScenarioRecord $baseline, float $duration, int $cores): ScenarioRow
    {
        $valid = $record->validRuns();
        $rps = $this->rps($record);
        $gain = $interval = null;
        if (null !== $baseline && [] !== $rps && [] !== $this->rps($baseline)) {
            $gain = (new Sample($rps))->median() / (new Sample($this->rps($baseline)))->median() - 1;
            $interval = $this->gainInterval($record, $baseline);
        }
        $void = [];
        foreach ($record->runs as $round => $run) {
            $reason = $run->voidReason();
            if (null !== $reason) {
                $void[$round] = $reason;
            }
        }
        $median = static function (array $values): ?float {
            $values = array_values(array_filter($values, static fn ($v): bool => null !== $v));

            return [] === $values ? null : (new Sample($values))->median();
        };
        $status = $record->opcacheStatus;
        $cpu = array_values(array_filter(array_map(static fn (LoadResult $r): ?float => $r->toolCpuSeconds, $valid), static fn ($v): bool => null !== $v));

        return new ScenarioRow(
            $record->name,
            $record->spec,
            $record->preparation,
            $record->problems,
            $void,
            Spread::of($rps),
            Spread::of(array_map(static fn (LoadResult $r): float => $r->timePerRequestMs(), $valid)),
            $gain,
            $interval,
            $median(array_map(static fn (LoadResult $r): ?float => $r->latencyP50Ms, $valid)),
            $median(array_map(static fn (LoadResult $r): ?float => $r->latencyP90Ms, $valid)),
            $median(array_map(static fn (LoadResult $r): ?float => $r->latencyP99Ms, $valid)),
            $status?->preloadedClasses,
            null === $status ? null : \count($status->preloadedScripts),
            $status?->preloadedFunctions,
            $status?->preloadMemoryBytes,
            $status?->usedBytes,
            [] === $record->workerPss ? null : (int) array_sum($record->workerPss),
            [] === $record->workerPss ? null : \count($record->workerPss),
            $record->fpmStartSeconds,
            // The share of the machine's CPU time the load tool used while it ran.
            [] === $cpu || $duration <= 0 ? null : (new Sample($cpu))->median() / ($duration * $cores),
        );
    }

    /**
     * Paired by round when at least three rounds are valid on both sides (interleaving makes each
     * round a fair pair); otherwise the two samples are resampled independently.
     */
    private function gainInterval(ScenarioRecord $record, ScenarioRecord $baseline): ConfidenceInterval
    {
        $treatment = $reference = [];
        foreach ($record->runs as $round => $run) {
            $base = $baseline->runs[$round] ?? null;
            if ($run->isValid() && null !== $base && $base->isValid()) {
                $treatment[] = $run->requestsPerSecond();
                $reference[] = $base->requestsPerSecond();
            }
        }

        return \count($treatment) >= 3
            ? $this->bootstrap->pairedGain($treatment, $reference, $this->confidenceLevel)
            : $this->bootstrap->gain(new Sample($this->rps($record)), new Sample($this->rps($baseline)), $this->confidenceLevel);
    }

    /** @return list<float> req/s of the runs that count */
    private function rps(ScenarioRecord $record): array
    {
        return array_map(static fn (LoadResult $r): float => $r->requestsPerSecond(), $record->validRuns());
    }
}
