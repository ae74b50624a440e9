<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Plan\PreloadPlan;
use Preheat\Report\Json\PlanJson;
use Preheat\Report\Json\TimingJson;
use Preheat\Report\Json\VerificationJson;
use Preheat\Script\Generate\GenerateOutcome;
use Preheat\Script\Generate\Reused;
use Preheat\Util\RelativePath;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat generate --format=json`, the plan for machines: every included file in order, every left-out file
 * and class with its reason, the rounds and the verification (and the timings with -vv).
 * Paths are relative to the project root when inside it.
 *
 * @implements Renderer<GenerateReport>
 */
final class PlanJsonRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $json = $this->outcome($report->outcome, $report->scanSummary());
        if (null !== $report->timings) {
            $json['timings'] = TimingJson::report($report->timings);
        }
        $output->writeln(Json::encode($json), OutputInterface::OUTPUT_RAW);
    }

    /** @return array<string, mixed> */
    public function plan(PreloadPlan $plan): array
    {
        $root = $plan->projectRoot;
        $relative = static fn (string $p): string => RelativePath::of($p, $root);

        return [
            'strategy' => $plan->strategy,
            'project' => $root,
            'roots' => array_map($relative, $plan->roots),
            'summary' => [
                'scannedFiles' => $plan->scannedFiles,
                'includedFiles' => \count($plan->included),
                'classes' => $plan->classCount(),
                'functions' => $plan->functionCount(),
                'droppedFiles' => \count($plan->droppedFiles),
                'droppedClasses' => \count($plan->droppedClasses),
                'droppedFilesByReason' => $plan->droppedFileCountsByReason(),
                'droppedClassesByReason' => $plan->droppedClassCountsByReason(),
            ],
            'included' => array_map(
                static fn ($f): array => [
                    'file' => $relative($f->path),
                    'classes' => $f->classes,
                    'functions' => $f->functions,
                ] + (null === $f->keptBecause ? [] : ['keptBecause' => $f->keptBecause]),
                $plan->included,
            ),
            'dropped' => array_values(array_map(
                static fn ($f): array => [
                    'file' => $relative($f->path),
                ] + PlanJson::exclusion($f->exclusion) + ['classes' => $f->classes],
                $plan->droppedFiles,
            )),
            'droppedClasses' => array_values(array_map(
                static fn ($c): array => [
                    'class' => $c->name,
                    'file' => $relative($c->path),
                ] + PlanJson::exclusion($c->exclusion),
                $plan->droppedClasses,
            )),
        ];
    }

    /** @return array<string, mixed> */
    public function outcome(GenerateOutcome $outcome, ScanSummary $scan = new ScanSummary()): array
    {
        return [
            'output' => $outcome->outputPath,
            'written' => $outcome->written,
            'reused' => Reused::No !== $outcome->reused,
            'plan' => $this->plan($outcome->planResult->plan),
            'scan' => $scan->json($outcome->planResult),
            'fixRounds' => array_map(
                static fn ($r): array => [
                    'round' => $r->round,
                    'dropped' => array_column(
                        array_map(static fn ($d): array => [$d->subject, $d->why], $r->drops),
                        1,
                        0,
                    ),
                ],
                $outcome->fixing->rounds,
            ),
            'fixRoundLimit' => $outcome->fixing->limit,
            'fixStalledAtRound' => $outcome->fixing->stalledRound,
            'budgetRounds' => array_map(
                static fn ($c): array => [
                    'round' => $c->round,
                    'measuredBytes' => $c->measuredBytes,
                    'budgetBytes' => $c->budgetBytes,
                    'bytesPerSourceByte' => round($c->bytesPerSourceByte, 4),
                ],
                $outcome->calibrations,
            ),
            'fitRounds' => array_map(PlanJson::capacityRound(...), $outcome->capacityRounds),
            'fitted' => $outcome->capacitySummary(),
            'verification' => null === $outcome->verification ? null : VerificationJson::report($outcome->verification),
            'selection' => null === $outcome->selection ? null : [
                'requests' => $outcome->selection->requests,
                'counts' => $outcome->selection->counts->value,
                'recordedFiles' => $outcome->selection->recordedFiles,
                'chosen' => $outcome->selection->chosen,
                'files' => \count($outcome->selection->files),
                'coverage' => round($outcome->selection->coverage, 5),
                'estimatedBytes' => $outcome->selection->estimatedBytes,
                // The automatic budget's price: the fewest loads per MB of the files every request loads.
                'kneeLoadsPerMb' => null === $outcome->selection->kneeLoadsPerMb
                    ? null
                    : round($outcome->selection->kneeLoadsPerMb, 1),
                'skipped' => $outcome->selection->skipped,
            ],
        ];
    }
}
