<?php

declare(strict_types=1);

namespace Preheat\Report\Svg;

/**
 * Renders benchmark results as one self-contained SVG: a title, a legend of the colours, panels side by side
 * (the first, the figure that matters, wider) of horizontal bars with whiskers, and a footnote. Each bar row
 * shows the scenario label, its note under it, the bar from 0, the whisker from errorLow to errorHigh and the
 * value past whichever ends further out.
 *
 * No text is ever cut: every line is measured (`TextWidth`), and what does not fit its panel wraps onto the
 * next line; rows grow to hold their longest note, panels to hold their values. A bar with a tone takes that
 * tone's colour (faster, no measurable difference, slower, the reference); without one, the first bar of a
 * panel is grey and the others take palette colours in order, so a scenario has the same colour in every panel.
 * Each panel's group carries its box (data-box: x y width height), inside which all its text lies.
 *
 * BarChart lays the chart out (widths, wrapped texts, row heights shared by every panel); PanelDrawing draws each
 * panel in its place, ChartLegend the legend, through SvgMarkup's elements in ChartStyle's look.
 *
 * Output is deterministic: layout from the text alone, numbers printed with fixed precision, no dates or ids.
 */
final class BarChart
{
    private const MARGIN = 24;
    private const PANEL_GAP = 40;
    /** Width of the first panel when there are others beside it, of each of those, and of a panel alone. */
    private const FIRST_PANEL = 440;
    private const OTHER_PANEL = 220;
    private const ALONE_PANEL = 560;
    private const ROW_GAP = 14;

    /**
     * @param list<ChartPanel> $panels drawn left to right
     *
     * @throws \InvalidArgumentException when there is no panel
     */
    public function render(string $title, array $panels, string $footnote = ''): string
    {
        if ([] === $panels) {
            throw new \InvalidArgumentException('A chart needs at least one panel.');
        }

        $widths = [];
        foreach ($panels as $index => $panel) {
            $widths[] = (float) ($panel->width ?? match (true) {
                1 === \count($panels) => self::ALONE_PANEL,
                0 === $index => self::FIRST_PANEL,
                default => self::OTHER_PANEL,
            });
        }
        $width = 2 * self::MARGIN + array_sum($widths) + (\count($panels) - 1) * self::PANEL_GAP;
        $inner = $width - 2 * self::MARGIN;

        $titleLines = TextWrap::lines($title, $inner, ChartStyle::TITLE_FONT, true);
        $y = 36 + ChartStyle::TITLE_LINE * (\count($titleLines) - 1);
        $legend = ChartLegend::tones($panels);
        $legendY = [] === $legend ? null : $y + 24;
        $y = $legendY ?? $y;

        // The panels' headers: title and subtitle, each wrapped to its panel; the rows start below the longest.
        $headerTop = $y + 34;
        $headers = [];
        $headerBottom = $headerTop;
        foreach ($panels as $index => $panel) {
            $subtitle = trim(SvgMarkup::singleLine($panel->unit));
            $subtitle = ('' === $subtitle ? '' : $subtitle.', ')
                .($panel->higherIsBetter ? 'higher is better' : 'lower is better')
                .('' === trim($panel->caption) ? '' : '; '.trim(SvgMarkup::singleLine($panel->caption)));
            $titleOf = TextWrap::lines($panel->title, $widths[$index], ChartStyle::PANEL_TITLE_FONT, true);
            $subtitleOf = TextWrap::lines($subtitle, $widths[$index], ChartStyle::SUBTITLE_FONT);
            $headers[] = [$titleOf, $subtitleOf];
            $headerBottom = max(
                $headerBottom,
                $headerTop + ChartStyle::PANEL_TITLE_LINE * (\count($titleOf) - 1) + 4 + ChartStyle::SUBTITLE_LINE
                    * \count($subtitleOf),
            );
        }
        $rowsTop = $headerBottom + 22;

        // Each row as tall as its tallest label and note across the panels, so that bars line up.
        $rowCount = max(array_map(static fn (ChartPanel $panel): int => \count($panel->bars), $panels));
        $texts = [];
        $rowText = array_fill(0, $rowCount, 0);
        foreach ($panels as $index => $panel) {
            foreach ($panel->bars as $row => $bar) {
                $label = TextWrap::lines($bar->label, $widths[$index] - 6, ChartStyle::LABEL_FONT, true);
                $note = null === $bar->note
                    ? []
                    : TextWrap::lines($bar->note, $widths[$index] - 6, ChartStyle::NOTE_FONT);
                $texts[$index][$row] = [$label, $note];
                $rowText[$row] = max(
                    $rowText[$row],
                    ChartStyle::LABEL_LINE * \count($label) + ChartStyle::NOTE_LINE * \count($note),
                );
            }
        }
        $rowTops = [];
        $top = $rowsTop;
        foreach ($rowText as $row => $height) {
            $rowTops[$row] = $top;
            $top += $height + 4 + ChartStyle::BAR_HEIGHT + self::ROW_GAP;
        }
        $axisY = $top - self::ROW_GAP + 8;

        $footLines = TextWrap::lines($footnote, $inner, ChartStyle::FOOT_FONT, false, true);
        $height = (int) ceil($axisY + ([] === $footLines ? 36 : 48 + ChartStyle::FOOT_LINE * \count($footLines)));

        $out = [];
        $out[] = '<?xml version="1.0" encoding="UTF-8"?>';
        $out[] = \sprintf(
            '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%d" viewBox="0 0 %s %d" font-family="%s" '
            .'role="img">',
            SvgMarkup::number($width),
            $height,
            SvgMarkup::number($width),
            $height,
            ChartStyle::FONT,
        );
        $out[] = '<title>'.SvgMarkup::escape(SvgMarkup::singleLine($title)).'</title>';
        $out[] = \sprintf(
            '<rect x="0" y="0" width="%s" height="%d" fill="#ffffff"/>',
            SvgMarkup::number($width),
            $height,
        );
        foreach ($titleLines as $line => $text) {
            $out[] = SvgMarkup::text(
                self::MARGIN,
                36 + ChartStyle::TITLE_LINE * $line,
                $text,
                ChartStyle::TITLE_FONT,
                ChartStyle::TEXT,
                'title',
                'font-weight="700"',
            );
        }
        if (null !== $legendY) {
            array_push($out, ...ChartLegend::items($legend, self::MARGIN, $legendY));
        }

        $left = self::MARGIN;
        foreach ($panels as $index => $panel) {
            array_push($out, ...PanelDrawing::draw(
                $panel,
                $left,
                $widths[$index],
                $headers[$index],
                $headerTop,
                $texts[$index] ?? [],
                $rowTops,
                $rowText,
                $axisY,
            ));
            $left += $widths[$index] + self::PANEL_GAP;
        }

        foreach ($footLines as $line => $text) {
            $out[] = SvgMarkup::text(
                self::MARGIN,
                $axisY + 52 + ChartStyle::FOOT_LINE * $line,
                $text,
                ChartStyle::FOOT_FONT,
                ChartStyle::MUTED,
                'footnote',
            );
        }
        $out[] = '</svg>';

        return implode("\n", $out)."\n";
    }
}
