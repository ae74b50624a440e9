<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Report\Svg\BarChart;
use Preheat\Report\Svg\ChartBar;
use Preheat\Report\Svg\ChartPanel;

/** The chart: req/s and time per request per scenario, whiskers from the slowest to the fastest round, each gain with its verdict. */
final class SvgRenderer
{
    public function __construct(private readonly BarChart $chart = new BarChart())
    {
    }

    public function render(BenchReport $report): string
    {
        $rps = $time = [];
        foreach ($report->rows as $row) {
            if (!$row->isMeasured() || null === $row->requestsPerSecond || null === $row->timePerRequestMs) {
                continue;
            }
            $note = null === $row->comparison ? 'baseline' : Cells::gain($row).' '.Cells::verdict($row);
            $rps[] = new ChartBar($row->name, $row->requestsPerSecond->median, $row->requestsPerSecond->min, $row->requestsPerSecond->max, $note);
            $time[] = new ChartBar($row->name, $row->timePerRequestMs->median, $row->timePerRequestMs->min, $row->timePerRequestMs->max);
        }
        $environment = $report->result->environment;
        $footnote = \sprintf(
            'PHP %s · %s cores · php-fpm %s · %s · %d rounds, median, whiskers min–max',
            $environment->php,
            $environment->cores,
            $environment->workers,
            $environment->toolSettings,
            $environment->rounds,
        ).(null === Cells::stopped($report) ? '' : ' · stopped: '.Cells::stopped($report));

        return $this->chart->render(
            \sprintf('Preheat benchmark: %s %s', $environment->project ?? '', implode(' ', $environment->urls)),
            [
                new ChartPanel('Requests per second', 'req/s', $rps, true),
                new ChartPanel('Time per request', 'ms', $time, false),
            ],
            $footnote,
        );
    }
}
