<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Metric;
use Preheat\Report\Renderer;
use Preheat\Report\Svg\BarChart;
use Preheat\Report\Svg\ChartBar;
use Preheat\Report\Svg\ChartPanel;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * The chart: req/s and time per request per scenario (per rung, for a ladder), and CPU per request where
 * it was measured (instructions per request alone, under callgrind), whiskers from the slowest to the
 * fastest round, each gain with its verdict. The chart.svg file's format, not one of `--format`'s.
 *
 * @implements Renderer<BenchReport>
 */
final class SvgRenderer implements Renderer
{
    public function __construct(private readonly BarChart $chart = new BarChart())
    {
    }

    /** The chart.svg document. */
    public function write(object $report, OutputInterface $output): void
    {
        $output->write($this->document($report), false, OutputInterface::OUTPUT_RAW);
    }

    private function document(BenchReport $report): string
    {
        $rps = $time = $cpu = [];
        // A ladder's bars are its rungs in order; the panel of the metric its gains are paired on notes each
        // rung's gain over the rung below, the others the gain over the baseline.
        $ladderMetric = $report->ladder?->metric;
        $numbers = [];
        foreach ($report->ladder->rows ?? [] as $rung) {
            $numbers[$rung->rung->name()] = $rung->rung->number;
        }
        $bars = null === $report->ladder
            ? array_map(static fn (ScenarioRow $row): array => [$row->name, $row, null], $report->rows)
            : array_map(static fn (LadderRow $rung): array => [
                ($rung->rung->reference ? 'ref. ' : $rung->rung->number.' ').$rung->rung->title,
                $rung->row,
                // The rung below first, by its number: a note too long for the bar loses its end, never what it is
                // compared with.
                null === $rung->below
                    ? 'baseline'
                    : \sprintf(
                        'vs %s: %s %s',
                        $numbers[$rung->below] ?? $rung->below,
                        Cells::comparison($rung->overBelow),
                        Cells::verdictOf($rung->overBelow),
                    ),
            ], $report->ladder->rows);
        $instructions = [];
        foreach ($bars as [$label, $row, $overBelow]) {
            $counted = $row->metric(Metric::InstructionsPerRequest);
            if (!$report->timesRequests() && $row->isMeasured() && null !== $counted?->spread) {
                // Under valgrind only the count means something; its gain and verdict go with the bar.
                $noted = null === $counted->comparison
                    ? 'baseline'
                    : Cells::comparison($counted->comparison).' '.Cells::verdictOf($counted->comparison);
                $instructions[] = new ChartBar(
                    $label,
                    $counted->spread->median / 1e6,
                    $counted->spread->min / 1e6,
                    $counted->spread->max / 1e6,
                    Metric::InstructionsPerRequest === $ladderMetric ? $overBelow : $noted,
                );
            }
            if (!$row->isMeasured() || null === $row->requestsPerSecond || null === $row->timePerRequestMs) {
                continue;
            }
            $note = Metric::RequestsPerSecond === $ladderMetric
                ? $overBelow
                : (null === $row->comparison ? 'baseline' : Cells::gain($row).' '.Cells::verdict($row));
            $rps[] = new ChartBar(
                $label,
                $row->requestsPerSecond->median,
                $row->requestsPerSecond->min,
                $row->requestsPerSecond->max,
                $note,
            );
            $time[] = new ChartBar(
                $label,
                $row->timePerRequestMs->median,
                $row->timePerRequestMs->min,
                $row->timePerRequestMs->max,
            );
            $summary = $row->metric(Metric::CpuPerRequest);
            if (null !== $summary?->spread) {
                $cpu[] = new ChartBar(
                    $label,
                    $summary->spread->median,
                    $summary->spread->min,
                    $summary->spread->max,
                    Metric::CpuPerRequest === $ladderMetric
                        ? $overBelow
                        : (
                            null === $summary->comparison
                                ? null
                                : Cells::comparison($summary->comparison).' '.Cells::verdictOf($summary->comparison)
                        ),
                );
            }
        }
        $panels = $report->timesRequests() ? [
            new ChartPanel('Requests per second', 'req/s', $rps, true),
            new ChartPanel('Time per request', 'ms', $time, false),
        ] : [
            new ChartPanel('Instructions per request (callgrind, primary)', 'M instructions', $instructions, false),
        ];
        if ([] !== $cpu) {
            $panels[] = new ChartPanel(
                'CPU per request'.(Metric::CpuPerRequest === $report->primary->metric ? ' (primary)' : ''),
                'ms',
                $cpu,
                false,
            );
        }
        $environment = $report->environment;
        $footnote = \sprintf(
            'PHP %s · %s cores · php-fpm %s · %s · %d rounds, median, whiskers min–max',
            $environment->php,
            $environment->cores,
            $environment->workers,
            $environment->toolSettings,
            $environment->rounds,
        ).(null === Cells::stopped($report) ? '' : ' · stopped: '.Cells::stopped($report));

        return $this->chart->render(
            \sprintf(
                'Preheat %s: %s %s',
                null === $report->ladder ? 'benchmark' : 'ladder',
                $environment->project ?? '',
                implode(' ', $environment->urls),
            ),
            $panels,
            $footnote,
        );
    }
}
