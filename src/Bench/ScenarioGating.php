<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Event\BenchStage;
use Preheat\Bench\Event\PagesChecked;
use Preheat\Bench\Gate\ScenarioGate;
use Preheat\Progress\ProgressLogger;

/**
 * Checks every started scenario's pages against the baseline's before anything is measured (ScenarioGate): a
 * scenario that serves other pages is recorded as broken and not measured; a baseline that fails its own check
 * ends the bench (GateFailure), and without a baseline server each scenario is only checked to serve its pages.
 */
final class ScenarioGating
{
    public function __construct(
        private readonly ScenarioGate $gate,
        private readonly ProgressLogger $progress,
    ) {
    }

    public function checkAll(BenchConfig $config, ScenarioRuns $runs): void
    {
        $this->progress->stage(BenchStage::checkingPages());
        $baselineName = $config->baseline()->name;
        $baseline = $runs->named($baselineName);
        $measured = $runs->measured();
        $notes = [];
        if (null === $baseline || !$baseline->hasRuntime()) {
            // A baseline script that failed verification: nothing to compare with, each scenario is only
            // checked to serve its pages.
            foreach ($measured as $run) {
                $url = $run->runtime()->url(...);
                $run->record->fail(...$this->gate->baseline($run->name(), $config->urls, $url)->result->problems);
            }
        } else {
            // The baseline first, fetched several times: what changes between its identical requests is masked in all.
            $reference = $this->gate->baseline($baselineName, $config->urls, $baseline->runtime()->url(...));
            if (!$reference->result->passed()) {
                throw new GateFailure($baselineName, $reference->result->problems, $baseline->runtime()->logTail());
            }
            $notes = $reference->result->notes;
            foreach ($measured as $run) {
                if ($run !== $baseline) {
                    $url = $run->runtime()->url(...);
                    $run->record->fail(...$this->gate->check($run->name(), $config->urls, $url, $reference)->problems);
                }
            }
        }
        $skipped = array_filter(
            $runs->all(),
            static fn (ScenarioRun $r): bool => null !== $r->record->prepared->skipped,
        );
        $broken = array_filter(
            $runs->all(),
            static fn (ScenarioRun $r): bool => !$r->record->isMeasured() && null === $r->record->prepared->skipped,
        );
        $this->progress->finish(new PagesChecked(
            \count($runs->all()) - \count($broken) - \count($skipped),
            \count($broken),
            \count($skipped),
            $notes,
        ));
    }
}
