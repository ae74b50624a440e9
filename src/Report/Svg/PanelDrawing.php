<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * Draws one panel of a chart in the box BarChart laid out for it: its title and subtitle, the grid and value axis
 * behind the bars, then each bar row (label, note, bar, the step it took, whisker, value). The rows' heights are
 * the layout's, shared by every panel, so that bars line up across panels.
 */
final class PanelDrawing
{
    /** How far a panel's box reaches out of its bars' left edge: the "0" of the axis is centred on it. */
    private const BOX_SLACK = 6;

    private function __construct()
    {
    }

    /**
     * @param array{list<string>, list<string>}             $header  the title's and the subtitle's lines
     * @param array<int, array{list<string>, list<string>}> $texts   each bar's label and note lines
     * @param array<int, float|int>                         $rowTops where each row starts
     * @param array<int, int>                               $rowText the height of each row's text
     *
     * @return list<string>
     */
    public static function draw(
        ChartPanel $panel,
        float $left,
        float $width,
        array $header,
        float $headerTop,
        array $texts,
        array $rowTops,
        array $rowText,
        float $axisY,
    ): array {
        $valueRoom = 12.0;
        $maximum = 0.0;
        foreach ($panel->bars as $bar) {
            $maximum = max($maximum, $bar->value, $bar->errorHigh, $bar->errorLow, $bar->stepFrom ?? 0.0);
            $valueRoom = max(
                $valueRoom,
                TextWidth::of(self::formatValue($bar->value, $panel->decimals), ChartStyle::VALUE_FONT, true) + 12,
            );
        }
        $plotWidth = $width - $valueRoom;
        $plotTop = $rowTops[0] - 8;
        $axis = ValueAxis::reaching($maximum);
        $scale = $plotWidth / $axis->end();
        $boxTop = $headerTop - ChartStyle::PANEL_TITLE_FONT;

        $out = [\sprintf(
            '<g class="panel" data-box="%s %s %s %s">',
            SvgMarkup::number($left - self::BOX_SLACK),
            SvgMarkup::number($boxTop),
            SvgMarkup::number($width + self::BOX_SLACK),
            SvgMarkup::number($axisY + 26 - $boxTop),
        )];
        [$titleLines, $subtitleLines] = $header;
        foreach ($titleLines as $line => $text) {
            $out[] = SvgMarkup::text(
                $left,
                $headerTop + ChartStyle::PANEL_TITLE_LINE * $line,
                $text,
                ChartStyle::PANEL_TITLE_FONT,
                ChartStyle::TEXT,
                'panel-title',
                'font-weight="700"',
            );
        }
        $subtitleTop = $headerTop + ChartStyle::PANEL_TITLE_LINE * (\count($titleLines) - 1) + 4
            + ChartStyle::SUBTITLE_LINE;
        foreach ($subtitleLines as $line => $text) {
            $out[] = SvgMarkup::text(
                $left,
                $subtitleTop + ChartStyle::SUBTITLE_LINE * $line,
                $text,
                ChartStyle::SUBTITLE_FONT,
                ChartStyle::MUTED,
                'panel-subtitle',
            );
        }

        // Grid and value axis, behind the bars.
        $labelledUpTo = -\INF;
        for ($tick = 0; $tick <= $axis->intervals; ++$tick) {
            $x = $left + $tick * $axis->step * $scale;
            if ($tick > 0) {
                $out[] = SvgMarkup::line('grid', $x, $plotTop, $x, $axisY, ChartStyle::GRID);
            }
            $out[] = SvgMarkup::line('tick', $x, $axisY, $x, $axisY + 5, ChartStyle::AXIS);
            // In a narrow panel, skip the labels that would run into the one before.
            $label = 0 === $tick ? '0' : number_format($tick * $axis->step, $axis->decimals, '.', ',');
            $halfWidth = TextWidth::of($label, ChartStyle::TICK_FONT) / 2;
            if ($x - $halfWidth >= $labelledUpTo + 6) {
                $out[] = SvgMarkup::text(
                    $x,
                    $axisY + 19,
                    $label,
                    ChartStyle::TICK_FONT,
                    ChartStyle::MUTED,
                    'tick-label',
                    'text-anchor="middle"',
                );
                $labelledUpTo = $x + $halfWidth;
            }
        }
        $out[] = SvgMarkup::line('axis', $left, $axisY, $left + $plotWidth, $axisY, ChartStyle::AXIS);
        $out[] = SvgMarkup::line('axis', $left, $plotTop, $left, $axisY, ChartStyle::AXIS);

        foreach ($panel->bars as $row => $bar) {
            $rowTop = $rowTops[$row];
            $barTop = $rowTop + $rowText[$row] + 4;
            $middle = $barTop + ChartStyle::BAR_HEIGHT / 2;
            $color = null !== $bar->tone
                ? $bar->tone->color()
                : (0 === $row
                    ? ChartStyle::BASELINE_COLOR
                    : ChartStyle::PALETTE[($row - 1) % \count(ChartStyle::PALETTE)]);
            $barEnd = $left + $bar->value * $scale;
            $low = $left + $bar->errorLow * $scale;
            $high = $left + $bar->errorHigh * $scale;

            // The label starts the row, its note under it; both end above the bar.
            [$labelLines, $noteLines] = $texts[$row] ?? [[], []];
            $y = $rowTop + ChartStyle::LABEL_FONT;
            foreach ($labelLines as $text) {
                $out[] = SvgMarkup::text(
                    $left + 6,
                    $y,
                    $text,
                    ChartStyle::LABEL_FONT,
                    ChartStyle::TEXT,
                    'label',
                    'font-weight="600"',
                );
                $y += ChartStyle::LABEL_LINE;
            }
            $y += ChartStyle::NOTE_LINE - ChartStyle::LABEL_LINE;
            foreach ($noteLines as $text) {
                $out[] = SvgMarkup::text($left + 6, $y, $text, ChartStyle::NOTE_FONT, ChartStyle::MUTED, 'note');
                $y += ChartStyle::NOTE_LINE;
            }
            $out[] = \sprintf(
                '<rect class="bar" x="%s" y="%s" width="%s" height="%d" fill="%s"/>',
                SvgMarkup::number($left),
                SvgMarkup::number($barTop),
                SvgMarkup::number($barEnd - $left),
                ChartStyle::BAR_HEIGHT,
                $color,
            );
            $furthest = max($barEnd, $high);
            if (null !== $bar->stepFrom) {
                // The step itself: from the level of the step below to this one, lighter, and that level marked.
                $from = $left + $bar->stepFrom * $scale;
                $out[] = \sprintf(
                    '<rect class="step" x="%s" y="%s" width="%s" height="%d" fill="%s" fill-opacity="0.3"/>',
                    SvgMarkup::number(min($from, $barEnd)),
                    SvgMarkup::number($barTop),
                    SvgMarkup::number(abs($from - $barEnd)),
                    ChartStyle::BAR_HEIGHT,
                    $color,
                );
                $bottom = $barTop + ChartStyle::BAR_HEIGHT + 3;
                $out[] = SvgMarkup::line('step-from', $from, $barTop - 3, $from, $bottom, ChartStyle::MUTED);
                $furthest = max($furthest, $from);
            }
            if ($high > $low) {
                $out[] = SvgMarkup::line('whisker', $low, $middle, $high, $middle, ChartStyle::TEXT, 1.5);
                foreach ([$low, $high] as $end) {
                    $out[] = SvgMarkup::line(
                        'whisker-cap',
                        $end,
                        $middle - 6,
                        $end,
                        $middle + 6,
                        ChartStyle::TEXT,
                        1.5,
                    );
                }
            }
            $out[] = SvgMarkup::text(
                $furthest + 7,
                $middle + 4.5,
                self::formatValue($bar->value, $panel->decimals),
                ChartStyle::VALUE_FONT,
                ChartStyle::TEXT,
                'value',
                'font-weight="600"',
            );
        }
        $out[] = '</g>';

        return $out;
    }

    /**
     * $decimals if given, else one below 100 (99.96 counts as 100) and none from 100 up; thousands separated by
     * commas.
     */
    private static function formatValue(float $value, ?int $decimals = null): string
    {
        return number_format($value, $decimals ?? (round(abs($value), 1) < 100 ? 1 : 0), '.', ',');
    }
}
