<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Metric;
use Preheat\Bench\Statistics\PairedComparison;
use Preheat\Bench\Statistics\Verdict;
use Preheat\Report\Renderer;
use Preheat\Report\Svg\BarChart;
use Preheat\Report\Svg\BarTone;
use Preheat\Report\Svg\ChartBar;
use Preheat\Report\Svg\ChartPanel;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * The chart: the primary figure first (CPU per request when the servers' CPU was measured, instructions under
 * callgrind, req/s otherwise), with preload memory and start-up beside it when they were measured. One
 * comparison in the primary panel, named in its title: each scenario against the baseline, or for a ladder each
 * rung over the rung below, drawn as a staircase (each bar is the rung below's figure moved by the paired gain,
 * the step between them shaded). Whiskers are the 95% confidence interval of that gain; the colour is its
 * verdict. Time per request is not drawn: with servers sharing the cores it is each server's latency while
 * queued behind the others, not what a request costs. The chart.svg file's format, not one of `--format`'s.
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
        $metric = $report->ladder->metric ?? $report->primary->metric;
        // Instructions in millions: "12.3" reads, "12,345,678" does not.
        $scale = Metric::InstructionsPerRequest === $metric ? 1e-6 : 1.0;
        $bars = null === $report->ladder
            ? $this->againstBaseline($report, $metric, $scale)
            : $this->staircase($report->ladder, $scale);
        $rows = array_map(static fn (array $bar): ScenarioRow => $bar[0], $bars);
        $labels = array_map(static fn (array $bar): string => $bar[1]->label, $bars);
        $level = (int) round($report->confidenceLevel * 100);

        $panels = [new ChartPanel(
            \sprintf(
                '%s%s: %s',
                self::title($metric),
                Metric::InstructionsPerRequest === $metric ? ' (callgrind)' : '',
                null === $report->ladder ? 'each scenario vs '.$report->baseline : 'each rung over the rung below',
            ),
            Metric::InstructionsPerRequest === $metric ? 'M instructions' : $metric->unit(),
            array_map(static fn (array $bar): ChartBar => $bar[1], $bars),
            $metric->higherIsBetter(),
            \sprintf('whiskers: %d%% CI of the gain', $level),
        )];
        $memory = array_map(static fn (ScenarioRow $row): ?float => null === $row->preload->memoryBytes
            ? null
            : $row->preload->memoryBytes / 1048576, $rows);
        if ([] !== array_filter($memory, static fn (?float $v): bool => null !== $v)) {
            $panels[] = new ChartPanel('Preload memory', 'MB', self::plain($labels, $memory), false);
        }
        $startUp = array_map(static fn (ScenarioRow $row): ?float => $row->server->fpmStartSeconds, $rows);
        if ([] !== array_filter($startUp, static fn (?float $v): bool => null !== $v)) {
            $panels[] = new ChartPanel('Start-up', 's', self::plain($labels, $startUp), false, decimals: 2);
        }

        $environment = $report->environment;
        $footnote = \sprintf(
            'PHP %s · %s cores · php-fpm %s · %s · %d rounds. %s · %s%s',
            $environment->phpSetup->version,
            $environment->machine->cores,
            $environment->workers,
            $environment->loadTool->settings,
            $environment->roundPlan->rounds,
            null === $report->ladder
                ? \sprintf('Bars: %s\'s median moved by each paired gain', $report->baseline)
                : 'Bars: each rung is the rung below moved by its paired gain; the shaded step is that gain',
            'memory: what OPcache preloaded; start-up: php-fpm\'s, as measured',
            null === HeadlineCells::stopped($report) ? '' : ' · stopped: '.HeadlineCells::stopped($report),
        );

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

    /**
     * Every measured scenario on the primary metric: the baseline's median, the others that median moved by
     * their paired gain, whiskers the gain's interval moved likewise.
     *
     * @return list<array{ScenarioRow, ChartBar}>
     */
    private function againstBaseline(BenchReport $report, Metric $metric, float $scale): array
    {
        $reference = $report->row($report->baseline)?->metric($metric)?->spread?->median;
        $bars = [];
        foreach ($report->rows as $row) {
            $summary = $row->metric($metric);
            if (!$row->isMeasured() || null === $summary?->spread || null === $reference) {
                continue;
            }
            $label = $row->name;
            if ($row->name === $report->baseline) {
                $value = $summary->spread->median * $scale;
                $bars[] = [$row, new ChartBar($label, $value, $value, $value, 'baseline', BarTone::Reference)];
                continue;
            }
            $bars[] = [$row, self::compared(
                $label,
                $reference * $scale,
                $summary->comparison,
                $summary->spread->median * $scale,
                $report->baseline,
                $metric,
                null,
            )];
        }

        return $bars;
    }

    /**
     * The ladder's rungs in order, each from the one below it.
     *
     * @return list<array{ScenarioRow, ChartBar}>
     */
    private function staircase(LadderReport $ladder, float $scale): array
    {
        $numbers = [];
        foreach ($ladder->rows as $rung) {
            $numbers[$rung->rung->name()] = $rung->rung->number;
        }
        $levels = [];
        $bars = [];
        foreach ($ladder->rows as $rung) {
            $summary = $rung->row->metric($ladder->metric);
            if (!$rung->row->isMeasured() || null === $summary?->spread) {
                continue;
            }
            $label = ($rung->rung->reference ? 'ref. ' : $rung->rung->number.' ').$rung->rung->title;
            $own = $summary->spread->median * $scale;
            $below = null === $rung->below ? null : ($levels[$rung->below] ?? null);
            if (null === $rung->below || null === $below) {
                $levels[$rung->rung->name()] = $own;
                $bars[] = [$rung->row, new ChartBar(
                    $label,
                    $own,
                    $own,
                    $own,
                    null === $rung->below ? 'the first step' : 'not compared: the rung below was not measured',
                    null === $rung->below ? BarTone::Reference : BarTone::Plain,
                )];
                continue;
            }
            $bar = self::compared(
                $label,
                $below,
                $rung->overBelow,
                $own,
                'rung '.($numbers[$rung->below] ?? $rung->below),
                $ladder->metric,
                $below,
            );
            $levels[$rung->rung->name()] = $bar->value;
            $bars[] = [$rung->row, $bar];
        }

        return $bars;
    }

    /**
     * A bar compared with a reference figure: the reference moved by the paired gain, whiskers the interval.
     *
     * @param float      $own      the scenario's own median, drawn when there is no paired gain
     * @param float|null $stepFrom the reference's level, to shade the step, for a staircase
     */
    private static function compared(
        string $label,
        float $reference,
        ?PairedComparison $comparison,
        float $own,
        string $against,
        Metric $metric,
        ?float $stepFrom,
    ): ChartBar {
        if (null === $comparison || $comparison->ratio <= 0.0) {
            return new ChartBar($label, $own, $own, $own, 'not compared with '.$against, BarTone::Plain, $stepFrom);
        }
        // A gain is "as much more served": up for req/s, down for a cost.
        $moved = static fn (float $gain): float => $metric->higherIsBetter()
            ? $reference * (1 + $gain)
            : $reference / max(1e-9, 1 + $gain);
        $value = $moved($comparison->gain());
        $low = $high = $value;
        if (null !== $comparison->interval) {
            $ends = [$moved($comparison->interval->low), $moved($comparison->interval->high)];
            $low = max(0.0, min($ends));
            $high = max($ends);
        }
        $tone = match ($comparison->verdict()) {
            Verdict::Faster => BarTone::Faster,
            Verdict::Slower => BarTone::Slower,
            Verdict::NoMeasurableDifference => BarTone::NoDifference,
            null => BarTone::Plain,
        };

        return new ChartBar(
            $label,
            $value,
            min($low, $value),
            max($high, $value),
            self::note($comparison, $against),
            $tone,
            $stepFrom,
        );
    }

    /**
     * The verdict first, then the gain and its interval: "faster: +12.8% over rung 3 (95% CI +12.5% … +13.2%)",
     * "slower: -1.1% vs rung 4 (…)". A
     * gain whose interval holds 0 has no percentage of its own, only its interval.
     */
    public static function note(PairedComparison $comparison, string $against): string
    {
        $interval = $comparison->interval;
        $ci = null === $interval ? '' : \sprintf(
            ' (%d%% CI %s … %s)',
            (int) round($interval->level * 100),
            Cells::percent($interval->low),
            Cells::percent($interval->high),
        );

        return match ($comparison->verdict()) {
            null => \sprintf(
                '%s over %s, no verdict yet (%d rounds)',
                Cells::percent($comparison->gain()),
                $against,
                $comparison->rounds(),
            ),
            Verdict::NoMeasurableDifference => 'no measurable difference from '.$against.$ci,
            default => \sprintf(
                '%s: %s %s %s%s',
                $comparison->verdict()->value,
                Cells::percent($comparison->gain()),
                Verdict::Slower === $comparison->verdict() ? 'vs' : 'over',
                $against,
                $ci,
            ),
        };
    }

    /** A metric's name as a title: "Requests per second", "CPU per request". */
    public static function title(Metric $metric): string
    {
        return Metric::RequestsPerSecond === $metric ? 'Requests per second' : ucfirst($metric->label());
    }

    /**
     * @param list<string>     $labels the primary panel's, so that a row is the same scenario in every panel
     * @param list<float|null> $values
     *
     * @return list<ChartBar>
     */
    private static function plain(array $labels, array $values): array
    {
        $bars = [];
        foreach ($labels as $index => $label) {
            $value = $values[$index];
            $bars[] = null === $value
                ? new ChartBar($label, 0.0, 0.0, 0.0, 'not measured', BarTone::Plain)
                : new ChartBar($label, $value, $value, $value, null, BarTone::Plain);
        }

        return $bars;
    }
}
